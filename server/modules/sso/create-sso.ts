/**
 * Single sign-on's parts, put together for app.ts as one router, mounted ahead of the accounts
 * module's: its routes, and the guard that OIDC_ONLY puts in front of password login. Without
 * OIDC_ISSUER the routes still answer (204, or a redirect to the login page that says single
 * sign-on is not set up) and the guard lets every login through.
 */
import { Router } from 'express';
import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import type { PasswordHasher } from '../../lib/passwords';
import type { RedisLink } from '../../lib/redis';
import type { Clock } from '../../lib/time';
import type { SessionsService } from '../accounts/sessions.service';
import type { SsoAccountStore } from './sso-account';
import { createSsoClient } from './sso-client';
import { createSsoOnlyGuard } from './sso-only-guard';
import { createOneTimeStore } from './sso-store';
import { createSsoRouter } from './sso.routes';
import { createSsoService } from './sso.service';

export interface SsoDeps {
  /** OIDC_*, and PUBLIC_URL: the callback registered at the provider is `PUBLIC_URL/api/auth/oidc/callback`. */
  config: Pick<Config, 'sso' | 'publicUrl'>;
  accounts: SsoAccountStore;
  sessions: SessionsService;
  passwords: PasswordHasher;
  clock: Clock;
  logger: Logger;
  redis?: RedisLink;
}

export function createSso(deps: SsoDeps) {
  const { config, clock, logger, redis } = deps;
  const { sso: settings, publicUrl } = config;
  const client = settings && createSsoClient({ settings, callbackUrl: `${publicUrl}/api/auth/oidc/callback`, logger });
  const service = createSsoService({
    ...deps,
    settings,
    client,
    flows: createOneTimeStore({ clock, redis, purpose: 'flow' }),
    handovers: createOneTimeStore({ clock, redis, purpose: 'code' }),
  });
  const router = Router();
  router.post('/auth/login', createSsoOnlyGuard(settings));
  router.use(createSsoRouter(service, { secure: publicUrl.startsWith('https:') }));
  return router;
}
