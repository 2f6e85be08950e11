import { Router } from 'express';
import { changePasswordInputSchema, updateUserInputSchema } from '../../../src/shared/schemas';
import { currentUser } from '../../lib/auth';
import { parseBody } from '../../lib/validate';
import type { ProfileService } from './profile.service';

/** `/api/user`: the owner's own account. Mounted behind `requireAuth`. */
export function createUserRouter(profile: ProfileService) {
  const router = Router();

  router.get('/user', async (_req, res) => {
    res.json({ user: await profile.get(currentUser(res)) });
  });

  router.put('/user', async (req, res) => {
    res.json(await profile.update(currentUser(res), parseBody(updateUserInputSchema, req)));
  });

  router.post('/user/change-password', async (req, res) => {
    res.json(await profile.changePassword(currentUser(res), parseBody(changePasswordInputSchema, req)));
  });

  router.delete('/user/:id', async (req, res) => {
    res.json(await profile.delete(currentUser(res), req.params.id));
  });

  return router;
}
