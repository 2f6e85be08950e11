/**
 * Single sign-on with OpenID Connect (docs/architecture.md, "Single sign-on"): a sign-in starts
 * here, goes to the provider, comes back to the callback, and ends with a one-time code that the
 * console (or the desktop app) redeems for a session. Every secret on the way is single-use and
 * short-lived.
 */
import type { LoginResponse } from '../../../src/shared/api';
import type { SsoRedeemInput } from '../../../src/shared/schemas/sso';
import { ssoErrorMessage, type SsoErrorCode, type SsoInfo } from '../../../src/shared/sso';
import { badRequest } from '../../lib/errors';
import { newSecretToken } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { SessionsService } from '../accounts/sessions.service';
import { verifierMatches } from './loopback-return';
import { accountForIdentity, type SsoAccountDeps } from './sso-account';
import { SsoRefusal, type FlowSecrets, type SsoClient } from './sso-client';
import type { SsoSettings } from './sso-config';
import { identityOf } from './sso-identity';
import type { OneTimeStore } from './sso-store';

const MINUTE_MS = 60_000;

/** Time to sign in at the provider, a second factor included. */
export const FLOW_TTL_MS = 10 * MINUTE_MS;
/** Time for the console's page (or the desktop app) to redeem the code it was handed. */
export const CODE_TTL_MS = 2 * MINUTE_MS;

/** A sign-in under way, as stored until its callback. */
interface Flow extends FlowSecrets {
  /** The desktop app's loopback address, with its PKCE challenge. */
  returnTo?: string;
  challenge?: string;
}

/** A finished sign-in, waiting for its code to be redeemed. */
interface Handover {
  accountId: string;
  challenge?: string;
}

/** How a callback ended: a code to hand over, or a refusal; and where to (the desktop app's address, if any). */
export type SsoFinish = { returnTo: string | undefined } & ({ code: string } | { error: SsoErrorCode });

export interface SsoServiceDeps extends SsoAccountDeps {
  settings: SsoSettings | undefined;
  client: SsoClient | undefined;
  flows: OneTimeStore;
  handovers: OneTimeStore;
  sessions: SessionsService;
  logger: Logger;
}

function parseJson<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function createSsoService(deps: SsoServiceDeps) {
  const { settings, client, flows, handovers, sessions, logger } = deps;
  const expired = () => badRequest(ssoErrorMessage('expired', null));

  function configured(): { settings: SsoSettings; client: SsoClient } {
    if (!settings || !client) throw new SsoRefusal('not_configured', 'OIDC_ISSUER is unset');
    return { settings, client };
  }

  return {
    /** The login page's button: the provider's name, or undefined when single sign-on is off. */
    info(): SsoInfo | undefined {
      return settings && { name: settings.name, allowedDomains: settings.allowedDomains };
    },

    /**
     * Starts a sign-in: the flow's id (the browser keeps it in a cookie) and the provider's URL.
     * Throws only `SsoRefusal`s.
     */
    async start(
      desktop: { returnTo: string; challenge: string } | undefined,
    ): Promise<{ flowId: string; url: string }> {
      const { client: oidc } = configured();
      const secrets = oidc.newSecrets();
      const url = await oidc.authorizationUrl(secrets);
      const flowId = newSecretToken();
      const flow: Flow = { ...secrets, ...desktop };
      try {
        await flows.put(flowId, JSON.stringify(flow), FLOW_TTL_MS);
      } catch (error) {
        logger.error({ err: error }, 'a single sign-on could not be started');
        throw new SsoRefusal('failed', 'the sign-in could not be stored');
      }
      return { flowId, url };
    },

    /** Finishes the sign-in whose flow id came back in the cookie, with the provider's callback `query`. */
    async finish(flowId: string | undefined, query: URLSearchParams): Promise<SsoFinish> {
      const flow = flowId === undefined ? undefined : parseJson<Flow>(await flows.take(flowId));
      const returnTo = flow?.returnTo;
      try {
        const { settings: sso, client: oidc } = configured();
        if (!flow) throw new SsoRefusal('expired', 'no sign-in under way in this browser');
        const identity = identityOf(await oidc.redeem(query, flow), sso);
        const accountId = await accountForIdentity(deps, identity);
        const code = newSecretToken();
        const handover: Handover = { accountId, challenge: flow.challenge };
        await handovers.put(code, JSON.stringify(handover), CODE_TTL_MS);
        logger.info({ event: 'sso-signed-in', userId: accountId }, 'single sign-on succeeded');
        return { returnTo, code };
      } catch (error) {
        if (!(error instanceof SsoRefusal)) {
          // The database, most likely: the owner gets a message, the log the details.
          logger.error({ err: error }, 'single sign-on failed');
          return { returnTo, error: 'failed' };
        }
        logger.warn({ event: 'sso-refused', code: error.code, reason: error.message }, 'single sign-on refused');
        return { returnTo, error: error.code };
      }
    },

    /** Exchanges a finished sign-in's one-time code for a session, as a password login answers. */
    async redeem(input: SsoRedeemInput): Promise<LoginResponse> {
      const handover = parseJson<Handover>(await handovers.take(input.code));
      if (!handover) throw expired();
      if (handover.challenge !== undefined) {
        // The desktop app's code: only the app holding the verifier may redeem it.
        if (!input.verifier || !verifierMatches(input.verifier, handover.challenge)) throw expired();
      }
      const account = await deps.accounts.findById(handover.accountId);
      if (!account) throw expired();
      const token = await sessions.issue(account.id);
      logger.info({ event: 'login', userId: account.id, via: 'sso' }, 'login succeeded');
      return { id: account.id, name: account.name, email: account.email, token };
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
