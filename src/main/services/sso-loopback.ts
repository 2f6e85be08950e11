/**
 * Single sign-on for the desktop app, as RFC 8252 ("OAuth 2.0 for Native Apps") asks of native
 * apps: the sign-in runs in the system browser, where the owner's provider session and password
 * manager are, never in a window of the app; it comes back to a loopback address the app listens
 * on for this one sign-in (127.0.0.1, a port the OS picks). What comes back is the server's
 * one-time code, redeemed with this sign-in's own PKCE verifier (RFC 7636): a code that another
 * program on the computer sends to the port, or reads on its way, redeems for nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SsoSignInResult } from '../../shared/desktop-bridge';
import { loginResponseSchema } from '../../shared/schemas/responses/accounts';
import { SSO_ERROR_PARAM, isSsoErrorCode, ssoErrorMessage } from '../../shared/sso';

/** As long as the server keeps a sign-in under way: time for the provider, a second factor included. */
export const SSO_TIMEOUT_MS = 10 * 60_000;
/** The loopback path the server sends the browser back to. */
export const SSO_RETURN_PATH = '/sso-done';

export interface SsoLoopbackDeps {
  /** The configured Tellbox server's origin; null before the first run's choice. */
  getServerUrl: () => string | null;
  /** Opens the URL in the system browser, through the allow-list (external-links.ts); false when refused. */
  openExternal: (url: string) => boolean | Promise<boolean>;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Brings the app back to the front once the browser is done. */
  focusWindow?: () => void;
  timeoutMs?: number;
}

type Failure = Extract<SsoSignInResult, { ok: false }>['error'];
type Arrival = { code: string } | { error: Failure };

interface Listener {
  /** `http://127.0.0.1:<port>/sso-done` */
  returnUrl: string;
  arrival: Promise<Arrival>;
  cancel(): void;
  close(): void;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the browser tab shows once it has handed the sign-in over. */
function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#1f2328}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}

/** Listens on 127.0.0.1 for the one redirect that ends this sign-in. */
async function listenForReturn(timeoutMs: number): Promise<Listener> {
  let settle: (arrival: Arrival) => void = () => undefined;
  const arrival = new Promise<Arrival>((resolve) => {
    settle = resolve;
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Anything else (a favicon, a probe by another program) is not the sign-in's answer.
    if (req.method !== 'GET' || url.pathname !== SSO_RETURN_PATH) {
      res.writeHead(404, { Connection: 'close' }).end();
      return;
    }
    const code = url.searchParams.get('code');
    const error = url.searchParams.get(SSO_ERROR_PARAM);
    const html = code
      ? page('Signed in', 'You can close this tab and go back to Tellbox.')
      : page('Not signed in', isSsoErrorCode(error) ? ssoErrorMessage(error, null) : ssoErrorMessage('failed', null));
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'close',
    });
    res.end(html);
    settle(code ? { code } : { error: isSsoErrorCode(error) ? error : 'failed' });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const timer = setTimeout(() => settle({ error: 'timeout' }), timeoutMs);
  const { port } = server.address() as AddressInfo;
  return {
    returnUrl: `http://127.0.0.1:${port}${SSO_RETURN_PATH}`,
    arrival,
    cancel: () => settle({ error: 'cancelled' }),
    close: () => {
      clearTimeout(timer);
      server.close();
    },
  };
}

/** A verifier and its S256 challenge (RFC 7636 §4.1, §4.2). */
function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function createSsoLoopback(deps: SsoLoopbackDeps) {
  /** Ends the sign-in under way, if any (set at once, before its port is even open). */
  let cancelCurrent: (() => void) | null = null;

  async function redeem(origin: string, code: string, verifier: string): Promise<SsoSignInResult> {
    let response: Response;
    try {
      response = await deps.fetch(`${origin}/api/auth/oidc/redeem`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code, verifier }),
      });
    } catch {
      return { ok: false, error: 'unreachable' };
    }
    if (!response.ok) return { ok: false, error: 'expired' };
    const login = loginResponseSchema.safeParse(await response.json().catch(() => null));
    return login.success ? { ok: true, login: login.data } : { ok: false, error: 'failed' };
  }

  return {
    /** One sign-in; starting another ends this one with `cancelled`. */
    async signIn(): Promise<SsoSignInResult> {
      cancelCurrent?.();
      let listener: Listener | null = null;
      let cancelled = false;
      const cancel = () => {
        cancelled = true;
        listener?.cancel();
      };
      cancelCurrent = cancel;
      try {
        const serverUrl = deps.getServerUrl();
        const origin = serverUrl && URL.canParse(serverUrl) ? new URL(serverUrl).origin : null;
        if (!origin) return { ok: false, error: 'not_configured' };
        const { verifier, challenge } = pkcePair();
        listener = await listenForReturn(deps.timeoutMs ?? SSO_TIMEOUT_MS);
        if (cancelled) return { ok: false, error: 'cancelled' };
        const start = new URL('/api/auth/oidc/start', origin);
        start.searchParams.set('return', listener.returnUrl);
        start.searchParams.set('challenge', challenge);
        if ((await deps.openExternal(start.href)) !== true) return { ok: false, error: 'browser' };
        const arrival = await listener.arrival;
        if ('error' in arrival) return { ok: false, error: arrival.error };
        deps.focusWindow?.();
        return await redeem(origin, arrival.code, verifier);
      } finally {
        listener?.close();
        if (cancelCurrent === cancel) cancelCurrent = null;
      }
    },
  };
}

export type SsoLoopback = ReturnType<typeof createSsoLoopback>;
