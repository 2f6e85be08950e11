/**
 * What a browser accepts, for every answer that has several encodings (static files, the public
 * widget config): the content coding it prefers, and whether it already holds an ETag.
 */
import Negotiator from 'negotiator';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * Answers made per request (owner API JSON, the widget's config) are compressed above this size;
 * below it compression saves less than it costs.
 */
export const COMPRESS_ABOVE_BYTES = 1024;

/** At equal q-values the smallest first: Chromium sends `gzip, deflate, br, zstd`. */
const PREFERRED: ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * negotiator 1.x's `encodings` takes the order that breaks ties in q-value as `preferred`
 * (otherwise the header's own order would); @types/negotiator still describes 0.6.
 */
type EncodingsByPreference = (
  available: readonly ContentCoding[],
  options: { preferred: readonly ContentCoding[] },
) => ContentCoding[];

/** Choices by header and offer: browsers send a handful of distinct `Accept-Encoding` values. */
const chosen = new Map<string, ContentCoding>();
const MAX_REMEMBERED = 500;

/** The coding to send among `available` (identity is always acceptable as a last resort). */
export function chooseCoding(acceptEncoding: string | undefined, available: readonly ContentCoding[]): ContentCoding {
  if (!acceptEncoding || available.length === 0) return 'identity';
  const key = `${available.join(',')}|${acceptEncoding}`;
  let coding = chosen.get(key);
  if (coding === undefined) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
    const [best] = (negotiator.encodings as EncodingsByPreference).call(negotiator, [...available, 'identity'], {
      preferred: PREFERRED,
    });
    coding = best ?? 'identity';
    if (chosen.size >= MAX_REMEMBERED) chosen.clear();
    chosen.set(key, coding);
  }
  return coding;
}

/** `If-None-Match` names `etag` (weak comparison, as RFC 9110 says for this header) or is `*`. */
export function holdsEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
