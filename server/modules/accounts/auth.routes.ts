import { Router, type RequestHandler } from 'express';
import {
  confirmEmailQuerySchema,
  loginInputSchema,
  passwordResetRequestSchema,
  registerInputSchema,
  resendConfirmationSchema,
  resetPasswordInputSchema,
} from '../../../src/shared/schemas';
import { currentUser } from '../../lib/auth';
import type { PasswordGuards } from '../../lib/password-guards';
import { RATE_LIMIT_RULES, type RateLimiterFactory } from '../../lib/rate-limit';
import { parse, parseBody } from '../../lib/validate';
import type { AuthService } from './auth.service';

/** `/api/auth/*` and the public account links of docs/product.md §7. */
export function createAuthRouter(
  auth: AuthService,
  requireAuth: RequestHandler,
  limiter: RateLimiterFactory,
  passwordGuards: PasswordGuards,
) {
  const router = Router();
  const emailLinks = limiter(RATE_LIMIT_RULES.emailLinks);

  router.post('/auth/register', ...passwordGuards.register, async (req, res) => {
    res.status(201).json(await auth.register(parseBody(registerInputSchema, req)));
  });

  router.post('/auth/login', ...passwordGuards.login, async (req, res) => {
    res.json(await auth.login(parseBody(loginInputSchema, req)));
  });

  router.post('/auth/logout', requireAuth, async (_req, res) => {
    res.json(await auth.logout(currentUser(res).tokenHash));
  });

  router.post('/public/confirm-email', async (req, res) => {
    const { token } = parse(confirmEmailQuerySchema, req.query);
    res.json(await auth.confirmEmail(token));
  });

  router.post('/public/resend-confirmation', emailLinks, async (req, res) => {
    const { email } = parseBody(resendConfirmationSchema, req);
    res.json(await auth.resendConfirmation(email));
  });

  router.post('/public/request-password-reset', emailLinks, async (req, res) => {
    const { email } = parseBody(passwordResetRequestSchema, req);
    res.json(await auth.requestPasswordReset(email));
  });

  router.post('/public/reset-password', emailLinks, ...passwordGuards.resetPassword, async (req, res) => {
    res.json(await auth.resetPassword(parseBody(resetPasswordInputSchema, req)));
  });

  return router;
}
