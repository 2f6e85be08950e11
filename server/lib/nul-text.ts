/**
 * Text holding the NUL character (U+0000) is refused at the door, on every engine alike:
 * PostgreSQL's text type cannot store it (the write would fail as a 500), and nothing a visitor or
 * an owner types contains one. JSON can carry it only as the escape `\u0000`.
 */
import { badRequest } from './errors';

export const NUL_TEXT_MESSAGE = 'Text must not contain the NUL character (U+0000)';

/** Whether a parsed JSON value holds U+0000 in any string, key or value, at any depth. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

/** Throws the 400 when a parsed body holds U+0000; returns the body otherwise. */
export function refuseNulText<T>(body: T): T {
  if (containsNul(body)) throw badRequest(NUL_TEXT_MESSAGE);
  return body;
}
