/**
 * Which posts this visitor has seen, in the host page's localStorage (no cookies). Storage can be
 * missing or throw (sandboxed frames, privacy modes); the widget then simply shows no unread count.
 */
import { SEEN_KEY } from './constants';

/** The `createdAt` of the newest post this visitor saw on this widget, or ''. */
export function lastSeen(siteKey: string): string {
  try {
    return localStorage.getItem(SEEN_KEY + siteKey) ?? '';
  } catch {
    return '';
  }
}

/** Remembers `createdAt` as the newest post this visitor has seen. */
export function markSeen(siteKey: string, createdAt: string) {
  try {
    localStorage.setItem(SEEN_KEY + siteKey, createdAt);
  } catch {
    // storage unavailable: the count comes back next visit, nothing worse
  }
}
