import { Router } from 'express';
import { installationListQuerySchema, widgetInputSchema } from '../../../src/shared/schemas';
import { currentWorkspace } from '../workspaces/workspaces.service';
import { parse, parseBody } from '../../lib/validate';
import type { WidgetsService } from './widgets.service';

/** `/api/widget`: the owner's widgets (docs/product.md §7). Mounted behind `requireAuth`. */
export function createWidgetsRouter(widgets: WidgetsService) {
  const router = Router();

  router.get('/widget', async (_req, res) => {
    res.json({ success: true, widgets: await widgets.list(currentWorkspace(res)) });
  });

  router.post('/widget', async (req, res) => {
    const widget = await widgets.create(currentWorkspace(res), parseBody(widgetInputSchema, req));
    res.status(201).json({ widget });
  });

  router.put('/widget/:id', async (req, res) => {
    const widget = await widgets.update(currentWorkspace(res), req.params.id, parseBody(widgetInputSchema, req));
    res.json({ widget });
  });

  router.delete('/widget/:id', async (req, res) => {
    res.json(await widgets.delete(currentWorkspace(res), req.params.id));
  });

  router.get('/widget/:id/installations', async (req, res) => {
    const query = parse(installationListQuerySchema, req.query);
    res.json(await widgets.installations(currentWorkspace(res), req.params.id, query));
  });

  router.delete('/widget/:id/installations/:host', async (req, res) => {
    const widget = await widgets.removeInstallation(currentWorkspace(res), req.params.id, req.params.host);
    res.json({ widget });
  });

  return router;
}
