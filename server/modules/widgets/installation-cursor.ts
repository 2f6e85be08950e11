/**
 * The opaque `cursor` of the installations list: the position of the last installation of a page.
 */
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor';
import type { InstallationPosition } from './widgets.repo';

export function encodeInstallationCursor(position: InstallationPosition): string {
  return encodeKeysetCursor(position.createdAt, position.host);
}

/** The position a cursor names, or a 400 for anything this server did not hand out. */
export function decodeInstallationCursor(cursor: string): InstallationPosition {
  const [createdAt, host] = decodeKeysetCursor(cursor);
  return { createdAt, host };
}
