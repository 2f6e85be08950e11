import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Headers of every public widget API answer (docs/product.md, "The widget and its public API";
 * docs/security-model.md, W-04): any origin may read public data, never with
 * credentials; other sites may load it; the answer depends on the page's origin (the installation
 * rule). The owner API sends no CORS headers at all.
 */
export const PUBLIC_HEADERS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  // The answer depends on the page's origin (the installation rule) and on the encodings accepted.
  ['Vary', 'Origin, Accept-Encoding'],
];

export function setPublicHeaders(res: ServerResponse) {
  for (const [name, value] of PUBLIC_HEADERS) res.setHeader(name, value);
}

/** Answers a CORS preflight for the public API. */
export function answerPreflight(res: ServerResponse) {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '86400',
  });
  res.end();
}

/**
 * A page whose origin the browser keeps secret (`Origin: null`: a sandboxed iframe, a `data:` or
 * `file:` page) or an `Origin` that names no host. It cannot be told apart from any other such
 * page, so it can never be an installation.
 */
export const OPAQUE_ORIGIN = Symbol('opaque origin');

/**
 * A page of the console itself (its exact origin: scheme, host and port of PUBLIC_URL), e.g. the
 * widget's live preview. Any other origin is a site, even another port of the same host: a test
 * page on `http://localhost:5500` beside a console on `http://localhost:3000` is an installation.
 */
export const CONSOLE_ORIGIN = Symbol('console origin');

/** A host name, OPAQUE_ORIGIN, CONSOLE_ORIGIN, or undefined when the request has no `Origin` at all. */
export type RequestingHost = string | typeof OPAQUE_ORIGIN | typeof CONSOLE_ORIGIN | undefined;

/** Parsed origins: a site's visitors all send the same one, and URL parsing is the costly part. */
const hostOfOrigin = new Map<string, string | typeof OPAQUE_ORIGIN>();
const MAX_REMEMBERED_ORIGINS = 1000;

function hostOf(origin: string): string | typeof OPAQUE_ORIGIN {
  try {
    return new URL(origin).hostname.toLowerCase() || OPAQUE_ORIGIN;
  } catch {
    return OPAQUE_ORIGIN;
  }
}

/**
 * Who is asking, for the installation rule: the host of the page that made a cross-origin request,
 * from `Origin`. Browsers send `Origin` on every request the widget makes (they are cross-origin
 * fetches), so a request without one does not come from the widget in a browser: it gets
 * undefined, and the caller serves it without registering anything. `consoleOrigin` is
 * `new URL(PUBLIC_URL).origin`. `Referer` is never read: any
 * client can write one, and the widget's own requests always carry `Origin` anyway.
 */
export function requestingHost(req: Pick<IncomingMessage, 'headers'>, consoleOrigin: string): RequestingHost {
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  // Browsers write `Origin` as URL.origin does (lower case, default port left out).
  if (origin === consoleOrigin) return CONSOLE_ORIGIN;
  let host = hostOfOrigin.get(origin);
  if (host === undefined) {
    host = origin === 'null' ? OPAQUE_ORIGIN : hostOf(origin);
    if (hostOfOrigin.size >= MAX_REMEMBERED_ORIGINS) hostOfOrigin.clear();
    hostOfOrigin.set(origin, host);
  }
  return host;
}
