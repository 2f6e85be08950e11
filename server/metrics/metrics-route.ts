/**
 * `GET /metrics` in Prometheus's text format, for the holder of METRICS_TOKEN only, sent as
 * `Authorization: Bearer <token>` (what Prometheus's `authorization` setting sends).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';
import { unauthorized } from '../lib/errors';

export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required.';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Both sides are hashed first: equal lengths for timingSafeEqual, and the token's length stays unknown. */
const digest = (text: string) => createHash('sha256').update(text).digest();

export function createMetricsRoute(options: {
  token: string;
  registry: Registry;
  /** Work the numbers wait for (feedback being counted), so a scrape sees every answered request. */
  beforeScrape: () => Promise<void>;
}): RequestHandler {
  const expected = digest(options.token);
  return async (req, res) => {
    const offered = BEARER.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(offered), expected)) throw unauthorized(METRICS_TOKEN_REQUIRED);
    await options.beforeScrape();
    const text = await options.registry.metrics();
    res.set({ 'Content-Type': options.registry.contentType, 'Cache-Control': 'no-store' }).send(text);
  };
}
