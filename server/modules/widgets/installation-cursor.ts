/**
 * The opaque `cursor` of the installations list: the position of the last installation of a page,
 * so the next page starts right after it even while new sites register.
 */
import { badRequest } from '../../lib/errors';
import type { InstallationPosition } from './widgets.repo';

const INVALID_CURSOR = 'Invalid cursor';

export function encodeInstallationCursor(position: InstallationPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.host])).toString('base64url');
}

/** The position a cursor names, or a 400 for anything this server did not hand out. */
export function decodeInstallationCursor(cursor: string): InstallationPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return { createdAt: value[0] as string, host: value[1] as string };
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);
}
