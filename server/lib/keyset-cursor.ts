/**
 * The opaque `cursor` of a list paged by (time, key): the position of a page's last row, so the
 * next page starts right after it even while new rows arrive. Only what this server hands out
 * decodes: the time must be an ISO-8601 instant as the server writes them (PostgreSQL would
 * refuse any other text for a timestamptz, and SQLite would compare it as text).
 */
import { badRequest } from './errors';

const INVALID_CURSOR = 'Invalid cursor';

export function encodeKeysetCursor(time: string, key: string): string {
  return Buffer.from(JSON.stringify([time, key])).toString('base64url');
}

function isServerTime(value: string): boolean {
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === value;
}

/** `[time, key]` of a cursor, or a 400 naming the `cursor` parameter. */
export function decodeKeysetCursor(cursor: string): [time: string, key: string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      const [time, key] = value as [string, string];
      if (isServerTime(time)) return [time, key];
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);
}
