/**
 * Answers GET and HEAD with a file loaded at startup: the representation chosen by
 * Accept-Encoding (brotli, then gzip, then identity at equal q-values), Vary when there was a
 * choice, the chosen bytes' ETag, and 304 when the client already holds them.
 */
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import type { Representation, StaticFile } from './static-file';

/** Preferred at equal q-values: the smallest first. */
const PREFERRED_CODINGS = ['br', 'gzip', 'identity'];

export interface SendOptions {
  cacheControl: string;
  /** 200 unless the file is an error page (which then has no validator). */
  status?: number;
}

/**
 * negotiator 1.x's `encodings` also takes the order that breaks ties in q-value (otherwise the
 * header's own order would, and Chromium's `gzip, deflate, br, zstd` would get gzip); its types
 * (@types/negotiator 0.6) predate that argument.
 */
type EncodingsByPreference = (available: readonly string[], options: { preferred: readonly string[] }) => string[];

/** The client's pick among the file's codings; identity when it accepts none (it always works). */
export function chooseRepresentation(req: Request, file: StaticFile): Representation {
  if (file.variants.length === 0) return file.identity;
  const available = [...file.variants.map((variant) => variant.coding), 'identity'];
  const negotiator = new Negotiator(req);
  const encodings = negotiator.encodings as EncodingsByPreference;
  const [best] = encodings.call(negotiator, available, { preferred: PREFERRED_CODINGS });
  return file.variants.find((variant) => variant.coding === best) ?? file.identity;
}

/** If-None-Match holds the ETag (weak comparison, as RFC 9110 says for this header) or `*`. */
function clientHolds(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export function sendStaticFile(req: Request, res: Response, file: StaticFile, options: SendOptions): void {
  const status = options.status ?? 200;
  const chosen = chooseRepresentation(req, file);
  if (file.variants.length > 0) res.vary('Accept-Encoding');
  res.set('Cache-Control', options.cacheControl);
  if (status === 200) {
    res.set('ETag', chosen.etag);
    if (clientHolds(req, chosen.etag)) {
      res.status(304).end();
      return;
    }
  }
  res.status(status).type(file.extension);
  res.set('Content-Length', String(chosen.body.length));
  if (chosen.coding !== 'identity') res.set('Content-Encoding', chosen.coding);
  if (req.method === 'HEAD') res.end();
  else res.end(chosen.body);
}
