/**
 * `app://tellbox/api/*` → `<serverUrl>/api/*` with the main process's fetch, so the console keeps
 * calling its API same-origin (`/api`, CSP `connect-src 'self'`, no CORS). Method, headers and
 * body go through; the answer is streamed back as it arrives, which is what lets the owner's event
 * stream (`/api/events`) flow through the proxy.
 */

/** The main process's fetch (`net.fetch` in Electron, Node's `fetch` in tests). */
export type ProxyFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiProxyDeps {
  /**
   * The configured Tellbox server, an origin such as `https://tellbox.example.com`; null before the
   * first run's choice.
   */
  getServerUrl: () => string | null;
  fetch: ProxyFetch;
}

export const NO_SERVER_MESSAGE = 'No Tellbox server is set up yet.';

/** The 502 message when `serverOrigin` does not answer. */
export function unreachableMessage(serverOrigin: string): string {
  return `The Tellbox server at ${serverOrigin} could not be reached. Check your connection, or change the server address.`;
}

/**
 * Request headers that are the connection's or the browser's own, not the request's: hop-by-hop
 * headers (RFC 9110 §7.6.1), those fetch computes itself (Chromium's `net.fetch` fails with
 * ERR_INVALID_ARGUMENT when given Host or Content-Length), and the rest of the fetch standard's
 * forbidden request headers. Accept-Encoding is left to the fetch, which only asks for encodings
 * it can decode.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);

/**
 * Response headers that do not survive the hop: hop-by-hop ones, and the body's encoding and
 * length, because fetch has already decoded the body. Set-Cookie too: the app's origin keeps no
 * cookies (the token lives in the keychain, docs/security-model.md E-10).
 */
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'keep-alive',
  'proxy-authenticate',
  'proxy-connection',
  'set-cookie',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Statuses whose responses never have a body (a Response with one would throw). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** Names a `Connection` header lists are hop-by-hop as well. */
function connectionListed(headers: Headers): Set<string> {
  return new Set(
    (headers.get('connection') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The request headers to send on to the server. */
export function forwardRequestHeaders(incoming: Headers): Headers {
  const listed = connectionListed(incoming);
  const out = new Headers();
  incoming.forEach((value, name) => {
    if (DROPPED_REQUEST_HEADERS.has(name) || listed.has(name)) return;
    if (name.startsWith('proxy-') || name.startsWith('sec-')) return;
    out.append(name, value);
  });
  return out;
}

/** The response headers to hand back to the renderer. */
export function forwardResponseHeaders(incoming: Headers): Headers {
  const listed = connectionListed(incoming);
  const out = new Headers();
  incoming.forEach((value, name) => {
    if (DROPPED_RESPONSE_HEADERS.has(name) || listed.has(name)) return;
    out.append(name, value);
  });
  return out;
}

function jsonError(status: number, message: string): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** The configured server's origin when it is an http(s) URL, else null. */
function serverOrigin(serverUrl: string | null): string | null {
  if (!serverUrl) return null;
  try {
    const url = new URL(serverUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Proxies one `/api/…` request (its pathname and query taken from `url`) to the configured server. */
export function createApiProxy(deps: ApiProxyDeps) {
  return async function proxyApi(request: Request, url: URL): Promise<Response> {
    const origin = serverOrigin(deps.getServerUrl());
    if (!origin) return jsonError(503, NO_SERVER_MESSAGE);
    // The origin, then a path that starts with `/api`: the target cannot leave the server.
    const target = `${origin}${url.pathname}${url.search}`;
    const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
    const init: RequestInit = {
      method: request.method,
      headers: forwardRequestHeaders(request.headers),
      // A redirect goes back to the renderer as it is, never followed here to another host.
      redirect: 'manual',
      credentials: 'omit',
      signal: request.signal,
    };
    if (hasBody) {
      // Streamed as it comes, not buffered: fetch needs `duplex: 'half'` for a stream body.
      init.body = request.body;
      init.duplex = 'half';
    }
    let upstream: Response;
    try {
      upstream = await deps.fetch(target, init);
    } catch {
      return jsonError(502, unreachableMessage(origin));
    }
    // A Response can only carry 200–599 (an opaque redirect would be 0): anything else is a bad gateway.
    if (upstream.status < 200 || upstream.status > 599) {
      void upstream.body?.cancel().catch(() => undefined);
      return jsonError(502, unreachableMessage(origin));
    }
    const noBody = NULL_BODY_STATUSES.has(upstream.status) || request.method === 'HEAD';
    if (noBody) void upstream.body?.cancel().catch(() => undefined);
    return new Response(noBody ? null : upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: forwardResponseHeaders(upstream.headers),
    });
  };
}
