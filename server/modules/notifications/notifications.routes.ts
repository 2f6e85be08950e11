import { Router } from 'express';
import { notificationSettingsSchema } from '../../../src/shared/schemas/notifications';
import { currentWorkspace } from '../workspaces/workspaces.service';
import { parseBody } from '../../lib/validate';
import type { NotificationsService } from './notifications.service';

/** `/api/notifications`: the owner's e-mail alert choice. Mounted behind `requireAuth`. */
export function createNotificationsRouter(notifications: NotificationsService) {
  const router = Router();

  router.get('/notifications', async (_req, res) => {
    res.json(await notifications.get(currentWorkspace(res)));
  });

  router.put('/notifications', async (req, res) => {
    res.json(await notifications.update(currentWorkspace(res), parseBody(notificationSettingsSchema, req)));
  });

  return router;
}
