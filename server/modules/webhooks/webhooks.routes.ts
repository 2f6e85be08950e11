import { Router, type Request } from 'express';
import { webhookInputSchema } from '../../../src/shared/schemas';
import { currentWorkspace } from '../workspaces/workspaces.service';
import { RATE_LIMIT_RULES, type RateLimiterFactory } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import type { WebhooksService } from './webhooks.service';

/** `/api/webhooks`: the owner's endpoints and their delivery logs. Mounted behind `requireAuth`. */
export function createWebhooksRouter(webhooks: WebhooksService, limiter: RateLimiterFactory) {
  const router = Router();

  router.get('/webhooks', async (_req, res) => {
    res.json({ webhooks: await webhooks.list(currentWorkspace(res)) });
  });

  router.post('/webhooks', async (req, res) => {
    res.status(201).json(await webhooks.create(currentWorkspace(res), parseBody(webhookInputSchema, req)));
  });

  router.put('/webhooks/:id', async (req, res) => {
    res.json(await webhooks.update(currentWorkspace(res), req.params.id, parseBody(webhookInputSchema, req)));
  });

  router.delete('/webhooks/:id', async (req, res) => {
    res.json(await webhooks.delete(currentWorkspace(res), req.params.id));
  });

  router.post('/webhooks/:id/rotate-secret', async (req, res) => {
    res.json(await webhooks.rotateSecret(currentWorkspace(res), req.params.id));
  });

  // A test event and a resend each queue a delivery: limited per account.
  router.post(
    '/webhooks/:id/test',
    limiter(RATE_LIMIT_RULES.webhookTestsPerAccount),
    async (req: Request<{ id: string }>, res) => {
      res.status(202).json(await webhooks.sendTest(currentWorkspace(res), req.params.id));
    },
  );

  router.get('/webhooks/:id/deliveries', async (req, res) => {
    res.json(await webhooks.deliveries(currentWorkspace(res), req.params.id));
  });

  router.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    limiter(RATE_LIMIT_RULES.webhookResendsPerAccount),
    async (req: Request<{ id: string; deliveryId: string }>, res) => {
      res.status(202).json(await webhooks.resend(currentWorkspace(res), req.params.id, req.params.deliveryId));
    },
  );

  return router;
}
