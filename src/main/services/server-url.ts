/**
 * The Tellbox server the app talks to: the owner's input normalised to an origin, then checked
 * with `GET <origin>/api/health` before it is saved. Only `https:` is accepted, or `http:` for a
 * server on this computer, so the token never crosses a network in clear text.
 */
import type { ServerUrlResult } from '../../shared/desktop-bridge';

/** Hosts that are this computer (as `new URL()` writes them). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const DEFAULT_HEALTH_TIMEOUT_MS = 5000;
/** A health answer is a few bytes; anything much larger is not one. */
const MAX_HEALTH_BODY_CHARS = 10_000;

const EXAMPLE = 'for example https://tellbox.example.com';

/** The origin of a usable server address, or what is wrong with it, in plain words. */
export function normaliseServerUrl(input: unknown): ServerUrlResult {
  const text = typeof input === 'string' ? input.trim() : '';
  if (!text) return { ok: false, message: `Enter the address of your Tellbox server, ${EXAMPLE}.` };
  // `new URL('localhost:3000')` parses, with "localhost:" as its scheme: insist on "scheme://".
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return { ok: false, message: `Start the address with https://, ${EXAMPLE}.` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `That is not a valid web address. Enter it as https://…, ${EXAMPLE}.` };
  }
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) {
      return {
        ok: false,
        message: 'Use an https:// address. Plain http:// is only allowed for a server on this computer (localhost).',
      };
    }
  } else if (url.protocol !== 'https:') {
    return { ok: false, message: `Only https:// addresses can be used, ${EXAMPLE}.` };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'Remove the user name and password from the address.' };
  }
  // An empty "?" or "#" leaves search and hash empty, so the text is checked as well.
  if (url.search || url.hash || /[?#]/.test(text)) {
    return { ok: false, message: 'Remove everything from "?" or "#" onwards; only the server address is needed.' };
  }
  if (url.pathname !== '/') {
    return { ok: false, message: `Enter only the server address, without a path, ${EXAMPLE}.` };
  }
  return { ok: true, url: url.origin };
}

export interface ServerCheckOptions {
  /** Electron's net.fetch in the app; Node's fetch in tests. */
  fetch: typeof fetch;
  timeoutMs?: number;
}

/** True when the body is Tellbox's health answer, `{"status":"ok"}`. */
function isHealthBody(text: string): boolean {
  if (text.length > MAX_HEALTH_BODY_CHARS) return false;
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  }
}

/** Lets go of a body that will not be read, so the connection is released. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/** Normalises `input`, then asks `<origin>/api/health`; ok only for a Tellbox server that answered in time. */
export async function checkServerUrl(input: unknown, options: ServerCheckOptions): Promise<ServerUrlResult> {
  const normalised = normaliseServerUrl(input);
  if (!normalised.ok) return normalised;
  const origin = normalised.url;
  const timeoutMs = options.timeoutMs ?? DEFAULT_HEALTH_TIMEOUT_MS;
  const notTellbox = {
    ok: false,
    message: `${origin} answered, but it is not a Tellbox server. Check the address.`,
  } as const;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await options.fetch(`${origin}/api/health`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      // A redirect could lead anywhere; the owner should enter the final address.
      redirect: 'manual',
      signal: controller.signal,
    });
    if (response.status >= 300 && response.status < 400) {
      discard(response);
      return { ok: false, message: `${origin} redirects elsewhere. Enter the address of the Tellbox server itself.` };
    }
    if (response.status === 503) {
      discard(response);
      return { ok: false, message: `The server at ${origin} is not ready. Try again in a moment.` };
    }
    const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
    if (response.status !== 200 || !isJson) {
      discard(response);
      return notTellbox;
    }
    // Reading the body stays under the same timeout.
    return isHealthBody(await response.text()) ? { ok: true, url: origin } : notTellbox;
  } catch {
    if (controller.signal.aborted) {
      const seconds = Math.max(1, Math.round(timeoutMs / 1000));
      const duration = seconds === 1 ? '1 second' : `${seconds} seconds`;
      return { ok: false, message: `The server at ${origin} did not answer within ${duration}.` };
    }
    return { ok: false, message: `Could not reach ${origin}. Check the address and your connection.` };
  } finally {
    clearTimeout(timer);
  }
}
