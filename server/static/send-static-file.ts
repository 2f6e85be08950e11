/**
 * Answers GET and HEAD with a file loaded at startup: the representation chosen by
 * Accept-Encoding (brotli, then gzip, then identity at equal q-values), Vary when there was a
 * choice, the chosen bytes' ETag, and 304 when the client already holds them.
 */
import type { Request, Response } from 'express';
import { chooseCoding, holdsEtag } from '../lib/content-negotiation';
import type { Representation, StaticFile } from './static-file';

export interface SendOptions {
  cacheControl: string;
  /** 200 unless the file is an error page (which then has no validator). */
  status?: number;
}

/** The client's pick among the file's codings; identity when it accepts none (it always works). */
export function chooseRepresentation(req: Request, file: StaticFile): Representation {
  if (file.variants.length === 0) return file.identity;
  const coding = chooseCoding(
    req.headers['accept-encoding'],
    file.variants.map((variant) => variant.coding),
  );
  return file.variants.find((variant) => variant.coding === coding) ?? file.identity;
}

export function sendStaticFile(req: Request, res: Response, file: StaticFile, options: SendOptions): void {
  const status = options.status ?? 200;
  const chosen = chooseRepresentation(req, file);
  if (file.variants.length > 0) res.vary('Accept-Encoding');
  res.set('Cache-Control', options.cacheControl);
  if (status === 200) {
    res.set('ETag', chosen.etag);
    if (holdsEtag(req.headers['if-none-match'], chosen.etag)) {
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
