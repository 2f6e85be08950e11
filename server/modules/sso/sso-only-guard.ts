/**
 * OIDC_ONLY: addresses of the allowed domains (every address when no domain is listed) sign in
 * with single sign-on only. Put in front of `POST /api/auth/login`, it refuses their password
 * login with 403 and says which button to use, on the e-mail field; any other login goes on.
 */
import type { RequestHandler } from 'express';
import { emailField } from '../../../src/shared/schemas/fields';
import { ssoOnlyMessage } from '../../../src/shared/sso';
import { AppError } from '../../lib/errors';
import { isAllowedEmail, type SsoSettings } from './sso-config';

const EMAIL = emailField();

export function createSsoOnlyGuard(settings: SsoSettings | undefined): RequestHandler {
  return (req, _res, next) => {
    const email = EMAIL.safeParse((req.body as { email?: unknown } | undefined)?.email);
    if (!settings?.only || !email.success || !isAllowedEmail(settings, email.data)) {
      next();
      return;
    }
    const message = ssoOnlyMessage(settings.name, email.data.slice(email.data.lastIndexOf('@') + 1));
    throw new AppError(403, message, [{ path: 'email', message }]);
  };
}
