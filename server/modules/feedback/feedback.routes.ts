import { Router } from 'express';
import type { FeedbackStatusCountsResponse, FeedbackStatusResponse } from '../../../src/shared/api';
import {
  feedbackBulkStatusSchema,
  feedbackCountsQuerySchema,
  feedbackExportQuerySchema,
  feedbackListQuerySchema,
  feedbackStatusUpdateSchema,
} from '../../../src/shared/schemas';
import { currentWorkspace } from '../workspaces/workspaces.service';
import { parse, parseBody } from '../../lib/validate';
import type { Logger } from '../../lib/logger';
import type { Clock } from '../../lib/time';
import { sendExport } from './feedback-export';
import type { FeedbackService } from './feedback.service';

/** `/api/feedback`: the owner's inbox, its summary and triage. Mounted behind `requireAuth`. */
export function createFeedbackRouter(feedback: FeedbackService, deps: { clock: Clock; logger: Logger }) {
  const router = Router();

  router.get('/feedback/export', async (req, res) => {
    const { format, ...filter } = parse(feedbackExportQuerySchema, req.query);
    const fileStem = `tellbox-feedback-${deps.clock.now().toISOString().slice(0, 10)}`;
    const pages = feedback.exportPages(currentWorkspace(res), filter);
    await sendExport(res, format, pages, { fileStem, logger: deps.logger });
  });

  router.get('/feedback', async (req, res) => {
    res.json(await feedback.list(currentWorkspace(res), parse(feedbackListQuerySchema, req.query)));
  });

  router.get('/feedback/summary', async (_req, res) => {
    res.json(await feedback.summary(currentWorkspace(res)));
  });

  router.get('/feedback/status-counts', async (req, res) => {
    const filter = parse(feedbackCountsQuerySchema, req.query);
    const body: FeedbackStatusCountsResponse = await feedback.statusCounts(currentWorkspace(res), filter);
    res.json(body);
  });

  router.post('/feedback/bulk', async (req, res) => {
    const { ids, status } = parseBody(feedbackBulkStatusSchema, req);
    const body: FeedbackStatusResponse = {
      success: true,
      updated: await feedback.setStatus(currentWorkspace(res), ids, status),
    };
    res.json(body);
  });

  router.patch('/feedback/:id', async (req, res) => {
    const update = parseBody(feedbackStatusUpdateSchema, req);
    const body: FeedbackStatusResponse = {
      success: true,
      updated: await feedback.update(currentWorkspace(res), req.params.id, update),
    };
    res.json(body);
  });

  return router;
}
