import { Router } from 'express';
import type { FeedbackDetails, FeedbackNote, FeedbackReply } from '../../../src/shared/api';
import { feedbackNoteInputSchema, feedbackReplyInputSchema } from '../../../src/shared/schemas';
import { currentWorkspace } from '../workspaces/workspaces.service';
import { parseBody } from '../../lib/validate';
import type { FeedbackThreadService } from './feedback-thread.service';

/**
 * `/api/feedback/:id` and its replies and notes. Mounted behind `requireAuth`, after the feedback
 * router, so `/feedback/summary` and the other fixed paths are never read as an id.
 */
export function createFeedbackThreadRouter(thread: FeedbackThreadService) {
  const router = Router();

  router.get('/feedback/:id', async (req, res) => {
    const body: FeedbackDetails = await thread.details(currentWorkspace(res), req.params.id);
    res.json(body);
  });

  router.post('/feedback/:id/replies', async (req, res) => {
    const { message } = parseBody(feedbackReplyInputSchema, req);
    const reply: FeedbackReply = await thread.reply(currentWorkspace(res), req.params.id, message);
    res.status(201).json({ reply });
  });

  router.post('/feedback/:id/notes', async (req, res) => {
    const { text } = parseBody(feedbackNoteInputSchema, req);
    const note: FeedbackNote = await thread.addNote(currentWorkspace(res), req.params.id, text);
    res.status(201).json({ note });
  });

  return router;
}
