/**
 * A real OpenID provider for the single sign-on tests: oidc-provider (OpenID Certified), in this
 * process on 127.0.0.1 and a random port, with one confidential client (client_secret_basic, PKCE
 * required) and a one-field sign-in page: whoever types an address is signed in as it, with the
 * claims `setIdentity` gave it (verified, without a name, unless told otherwise). Tellbox talks to it
 * exactly as to any provider: discovery, authorization, token and UserInfo endpoints, signed ID tokens.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account, type Configuration, type JWK } from 'oidc-provider';
import { createMemoryAdapter } from './oidc-memory-store';

export interface TestIdentity {
  email: string;
  name?: string;
  /** Default true. */
  emailVerified?: boolean;
}

export interface TestOidcProvider {
  /** e.g. `http://127.0.0.1:41234` */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for Tellbox. */
  env: Record<string, string>;
  /**
   * Registers the client's redirect URI, Tellbox's `PUBLIC_URL/api/auth/oidc/callback`. Until then
   * the provider answers 503: Tellbox's address is known only once it has started with `env`.
   */
  allowRedirect(uri: string): void;
  /** What the provider says about the person who signs in as `identity.email`. */
  setIdentity(identity: TestIdentity): void;
  /**
   * The next authorization request reaches the provider with another nonce than the client sent,
   * so its ID token carries a nonce the client never made (a replayed or forged token).
   */
  tamperNextNonce(): void;
  /** The next authorization request reaches the provider with another state, which it sends back. */
  tamperNextState(): void;
  /** Stops answering (a provider gone down); closing again does nothing. */
  close(): Promise<void>;
}

export interface TestOidcProviderOptions {
  /**
   * Whether the ID token itself carries the e-mail and name (default true, as most providers do);
   * false keeps them to the UserInfo endpoint, as oidc-provider does by default.
   */
  claimsInIdToken?: boolean;
}

const SIGN_IN_PAGE = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test IdP: sign in</title></head>
<body><main><h1>Test IdP</h1>
<form method="post" action="/interaction/${uid}">
<label>Email <input name="email" type="email" autocomplete="off" required></label>
<button type="submit">Continue</button>
</form></main></body></html>`;

async function formField(req: http.IncomingMessage, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get(name)?.trim().toLowerCase() ?? '';
}

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' } as JWK;
}

export async function startOidcProvider(options: TestOidcProviderOptions = {}): Promise<TestOidcProvider> {
  const clientId = 'tellbox';
  const clientSecret = `secret-${randomUUID()}`;
  const identities = new Map<string, TestIdentity>();
  const keys = [signingKey()];
  let provider: { oidc: Provider; handle: ReturnType<Provider['callback']> } | undefined;
  /** Parameters the next authorization request has changed on its way in. */
  const tamper = new Set<'nonce' | 'state'>();

  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const findAccount = (_ctx: unknown, id: string): Account => ({
    accountId: id,
    claims: () => {
      const identity = identities.get(id) ?? { email: id };
      return {
        sub: id,
        email: identity.email,
        email_verified: identity.emailVerified ?? true,
        ...(identity.name !== undefined && { name: identity.name }),
      };
    },
  });

  function createProvider(redirectUri: string): Provider {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: options.claimsInIdToken === false,
      findAccount,
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      cookies: { keys: [randomUUID()] },
      jwks: { keys },
      adapter: createMemoryAdapter(),
      // Lifetimes in seconds; a sign-in in a test takes well under one.
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    };
    return new Provider(issuer, configuration);
  }

  async function interaction(active: Provider, req: http.IncomingMessage, res: http.ServerResponse, uid: string) {
    if (req.method === 'GET') {
      await active.interactionDetails(req, res);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE(uid));
      return;
    }
    const details = await active.interactionDetails(req, res);
    const accountId = await formField(req, 'email');
    const grant = new active.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await active.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const active = provider;
    if (!active) {
      res.writeHead(503).end('The test provider has no client yet');
      return;
    }
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/auth' && tamper.size > 0) {
      for (const name of tamper) url.searchParams.set(name, `tampered-${randomUUID()}`);
      tamper.clear();
      req.url = url.pathname + url.search;
    }
    const uid = /^\/interaction\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (uid) {
      interaction(active.oidc, req, res, uid).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400).end(String(error));
      });
      return;
    }
    void active.handle(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    allowRedirect(uri) {
      const oidc = createProvider(uri);
      provider = { oidc, handle: oidc.callback() };
    },
    setIdentity(identity) {
      identities.set(identity.email.toLowerCase(), identity);
    },
    tamperNextNonce() {
      tamper.add('nonce');
    },
    tamperNextState() {
      tamper.add('state');
    },
    async close() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
