import type { Request, RequestHandler } from 'express';

/**
 * CORS for the public widget API only (decisions §8, security A-30): any origin may read public
 * data, never with credentials. The owner API sends no CORS headers at all.
 */
export const publicCors: RequestHandler = (req, res, next) => {
  res.set('Access-Control-Allow-Origin', '*');
  if (req.method === 'OPTIONS') {
    res.set({
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': '86400',
    });
    res.status(204).end();
    return;
  }
  next();
};

/** The host name of the page that made a cross-origin request (`Origin`, else `Referer`). */
export function requestingHost(req: Request): string | undefined {
  const source = req.headers.origin ?? req.headers.referer;
  if (!source || source === 'null') return undefined;
  try {
    return new URL(source).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}
