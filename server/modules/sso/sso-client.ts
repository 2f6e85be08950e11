/**
 * The OpenID Connect relying party, through openid-client (OpenID Certified): discovery of the
 * provider, the authorization URL with PKCE, state and nonce, and the code's redemption, whose
 * state, nonce, issuer, audience and signature openid-client checks. Everything that goes wrong
 * becomes an `SsoRefusal` with the code the owner's message is chosen by.
 */
import * as oidc from 'openid-client';
import type { SsoErrorCode } from '../../../src/shared/sso';
import type { Logger } from '../../lib/logger';
import { isLoopbackHost, type SsoSettings } from './sso-config';

/** The secrets of one sign-in under way, kept on the server until its callback. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  verifier: string;
}

/** The claims about the person that Tellbox reads (from the ID token, or the UserInfo endpoint). */
export interface ProviderClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

/** A sign-in that cannot go on; `code` picks the owner's message (src/shared/sso.ts). */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    reason: string,
  ) {
    super(reason);
    this.name = 'SsoRefusal';
  }
}

/** A provider that does not answer within this many seconds counts as unreachable. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Discovery is cached this long, so a provider that moves its endpoints is followed within the hour. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const SCOPE = 'openid email profile';

/** What openid-client threw, as one of our refusals. */
function refusalOf(error: unknown): SsoRefusal {
  if (error instanceof SsoRefusal) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const reason = error instanceof Error ? `${error.message}${cause}` : String(error);
  if (error instanceof oidc.AuthorizationResponseError) return new SsoRefusal('denied', `${error.error}: ${reason}`);
  // A failed fetch is a TypeError; a timeout and a 5xx page are coded client errors.
  if (error instanceof TypeError) return new SsoRefusal('unreachable', reason);
  if (error instanceof oidc.ClientError) {
    const unreachable = ['OAUTH_TIMEOUT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON'];
    if (error.code && unreachable.includes(error.code)) return new SsoRefusal('unreachable', reason);
    return new SsoRefusal('rejected', `${error.code ?? 'client error'}: ${reason}`);
  }
  if (error instanceof oidc.ResponseBodyError) return new SsoRefusal('rejected', `${error.error}: ${reason}`);
  return new SsoRefusal('failed', reason);
}

/**
 * Client authentication as the provider asks for it: HTTP Basic (OpenID Connect's default), or the
 * secret in the form body for a provider that lists only that.
 */
function clientAuthentication(secret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (server, client, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const postOnly = methods?.includes('client_secret_post') && !methods.includes('client_secret_basic');
    (postOnly ? post : basic)(server, client, body, headers);
  };
}

export function createSsoClient(deps: { settings: SsoSettings; callbackUrl: string; logger: Logger }) {
  const { settings, callbackUrl, logger } = deps;
  const issuer = new URL(settings.issuer);
  let discovered: { config: Promise<oidc.Configuration>; at: number } | undefined;

  /** The provider's configuration, discovered on first use (the server starts while the provider is down). */
  function configuration(): Promise<oidc.Configuration> {
    if (discovered && Date.now() - discovered.at < DISCOVERY_TTL_MS) return discovered.config;
    const config = oidc.discovery(
      issuer,
      settings.clientId,
      settings.clientSecret,
      clientAuthentication(settings.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // The configuration admits plain HTTP only for a provider on this machine.
        ...(issuer.protocol === 'http:' &&
          isLoopbackHost(issuer.hostname) && { execute: [oidc.allowInsecureRequests] }),
      },
    );
    const entry = { config, at: Date.now() };
    discovered = entry;
    // A failed discovery is tried again by the next sign-in instead of being remembered.
    config.catch((error: unknown) => {
      if (discovered === entry) discovered = undefined;
      logger.warn({ err: error, issuer: settings.issuer }, 'the OpenID provider could not be discovered');
    });
    return config;
  }

  return {
    /** Fresh secrets for one sign-in. */
    newSecrets(): FlowSecrets {
      return { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
    },

    /** Where the browser goes to sign in at the provider. */
    async authorizationUrl(secrets: FlowSecrets): Promise<string> {
      try {
        const config = await configuration();
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: callbackUrl,
          scope: SCOPE,
          state: secrets.state,
          nonce: secrets.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(secrets.verifier),
          code_challenge_method: 'S256',
        });
        return url.href;
      } catch (error) {
        throw refusalOf(error);
      }
    },

    /**
     * Redeems the code of the callback that reached `query` and returns the person's claims. The
     * ID token's own, or the UserInfo endpoint's when the token carries no e-mail (a provider may
     * keep the ID token short and answer the rest there).
     */
    async redeem(query: URLSearchParams, secrets: FlowSecrets): Promise<ProviderClaims> {
      try {
        const config = await configuration();
        const currentUrl = new URL(callbackUrl);
        currentUrl.search = query.toString();
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: secrets.verifier,
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
        });
        const claims = tokens.claims();
        if (!claims) throw new SsoRefusal('rejected', 'no ID token');
        if (claims.email !== undefined) return claims;
        const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        return { ...userInfo, sub: claims.sub };
      } catch (error) {
        throw refusalOf(error);
      }
    },
  };
}

export type SsoClient = ReturnType<typeof createSsoClient>;
