import { Router } from 'express';
import { feedbackListQuerySchema } from '../../../src/shared/schemas';
import { currentUser } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { FeedbackService } from './feedback.service';

/** `/api/feedback`: the owner's inbox and its summary. Mounted behind `requireAuth`. */
export function createFeedbackRouter(feedback: FeedbackService) {
  const router = Router();

  router.get('/feedback', async (req, res) => {
    res.json(await feedback.list(currentUser(res), parse(feedbackListQuerySchema, req.query)));
  });

  router.get('/feedback/summary', async (_req, res) => {
    res.json(await feedback.summary(currentUser(res)));
  });

  return router;
}
