import { Router } from 'express';
import { newsPostInputSchema, postListQuerySchema } from '../../../src/shared/schemas';
import { currentWorkspace } from '../workspaces/workspaces.service';
import { parse, parseBody } from '../../lib/validate';
import type { NewsService } from './news.service';

/** `/api/post`: the owner's news posts (docs/product.md §7). Mounted behind `requireAuth`. */
export function createNewsRouter(news: NewsService) {
  const router = Router();

  router.get('/post', async (req, res) => {
    const { widgetId } = parse(postListQuerySchema, req.query);
    res.json({ success: true, posts: await news.list(currentWorkspace(res), widgetId) });
  });

  router.post('/post', async (req, res) => {
    const post = await news.create(currentWorkspace(res), parseBody(newsPostInputSchema, req));
    res.status(201).json({ post });
  });

  router.put('/post/:id', async (req, res) => {
    const post = await news.update(currentWorkspace(res), req.params.id, parseBody(newsPostInputSchema, req));
    res.json({ post });
  });

  router.delete('/post/:id', async (req, res) => {
    res.json(await news.delete(currentWorkspace(res), req.params.id));
  });

  return router;
}
