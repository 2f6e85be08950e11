/**
 * Text holding the NUL character (U+0000) is refused at the door, on every engine alike:
 * PostgreSQL's text type cannot store it (the write would fail as a 500), and nothing a visitor or
 * an owner types contains one. JSON can carry it only as the escape `\u0000`.
 */
import { badRequest } from './errors';

export const NUL_TEXT_MESSAGE = 'Text must not contain the NUL character (U+0000)';

/**
 * Whether a parsed JSON value holds U+0000 in any string, key or value, at any depth. Walked with
 * a list rather than recursion: JSON nested thousands deep is valid, and must not overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...(item as unknown[]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** Throws the 400 when a parsed body holds U+0000; returns the body otherwise. */
export function refuseNulText<T>(body: T): T {
  if (containsNul(body)) throw badRequest(NUL_TEXT_MESSAGE);
  return body;
}
