/**
 * The owner API's JSON, compressed per answer above 1 KB (lists of feedback and posts run to tens
 * of KB; below 1 KB compression saves less than it costs). Never an event stream: the compressor
 * would hold each event back until its buffer filled.
 */
import compression from 'compression';
import type { RequestHandler } from 'express';
import { COMPRESS_ABOVE_BYTES } from '../lib/content-negotiation';

export const ownerApiCompression: RequestHandler = compression({
  threshold: COMPRESS_ABOVE_BYTES,
  filter: (req, res) =>
    !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
});
