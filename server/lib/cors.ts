import type { Request, Response } from 'express';

/**
 * Headers of every public widget API answer (decisions §8; security, W-04): any origin
 * may read public data, never with credentials; other sites may load it; the answer depends on the
 * page's origin (the installation rule). The owner API sends no CORS headers at all.
 */
const PUBLIC_HEADERS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['Vary', 'Origin'],
];

export function setPublicHeaders(res: Response) {
  for (const [name, value] of PUBLIC_HEADERS) res.setHeader(name, value);
}

/** Answers a CORS preflight for the public API. */
export function answerPreflight(res: Response) {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '86400',
  });
  res.end();
}

/** Parsed origins: a site's visitors all send the same one, and URL parsing is the costly part. */
const hostOfOrigin = new Map<string, string | undefined>();
const MAX_REMEMBERED_ORIGINS = 1000;

function hostOf(source: string): string | undefined {
  try {
    return new URL(source).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** The host name of the page that made a cross-origin request (`Origin`, else `Referer`). */
export function requestingHost(req: Pick<Request, 'headers'>): string | undefined {
  const origin = req.headers.origin;
  if (origin === undefined) {
    const referer = req.headers.referer;
    return referer ? hostOf(referer) : undefined;
  }
  if (origin === 'null') return undefined;
  if (hostOfOrigin.has(origin)) return hostOfOrigin.get(origin);
  const host = hostOf(origin);
  if (hostOfOrigin.size >= MAX_REMEMBERED_ORIGINS) hostOfOrigin.clear();
  hostOfOrigin.set(origin, host);
  return host;
}
