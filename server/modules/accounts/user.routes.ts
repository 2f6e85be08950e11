import { Router, type Request, type Response } from 'express';
import {
  changePasswordInputSchema,
  deleteAccountInputSchema,
  updateUserInputSchema,
} from '../../../src/shared/schemas';
import { currentUser } from '../../lib/auth';
import { onlyWhen, type PasswordGuards } from '../../lib/password-guards';
import { parse, parseBody } from '../../lib/validate';
import type { ProfileService } from './profile.service';

/** Whether a `PUT /api/user` asks for another e-mail address (only that checks the current password). */
function changesEmail(req: Request, res: Response): boolean {
  const parsed = updateUserInputSchema.shape.email.safeParse((req.body as { email?: unknown } | undefined)?.email);
  return parsed.success && parsed.data !== currentUser(res).email;
}

/** `/api/user`: the owner's own account. Mounted behind `requireAuth`. */
export function createUserRouter(profile: ProfileService, passwordGuards: PasswordGuards) {
  const router = Router();
  const checksPassword = passwordGuards.currentPassword;

  router.get('/user', async (_req, res) => {
    res.json({ user: await profile.get(currentUser(res)) });
  });

  router.put('/user', ...checksPassword.map((guard) => onlyWhen(changesEmail, guard)), async (req, res) => {
    res.json(await profile.update(currentUser(res), parseBody(updateUserInputSchema, req)));
  });

  router.post('/user/change-password', ...checksPassword, async (req, res) => {
    res.json(await profile.changePassword(currentUser(res), parseBody(changePasswordInputSchema, req)));
  });

  // The route named as a type: with the guards in the list, Express's types would lose `:id`.
  router.delete<'/user/:id'>('/user/:id', ...checksPassword, async (req, res) => {
    const user = currentUser(res);
    profile.assertOwnAccount(user, req.params.id);
    // No body at all reads as an empty one, so the answer names the missing current password.
    const input = parse(deleteAccountInputSchema, (req.body as unknown) ?? {});
    res.json(await profile.delete(user, input));
  });

  return router;
}
