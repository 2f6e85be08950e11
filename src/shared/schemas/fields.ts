/**
 * Field schemas shared by several forms and API bodies. Each rule and message is written here
 * once; forms and the server import the composed schemas, never these rules restated.
 */
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from '../rules/email';
import { z } from './zod';

export { MAX_EMAIL_LENGTH };

export const MIN_PASSWORD_LENGTH = 6;
/** Upper bounds keep hashing and storage cheap; docs/product.md §5 gives no message, so the generic one applies. */
export const MAX_PASSWORD_LENGTH = 1024;
export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 100;

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const VALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MIN_MESSAGE = 'Password must be at least 6 characters';

/** How an e-mail address is compared and stored: trimmed and lower-cased (see `emailField`). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * An e-mail address, trimmed and lower-cased (one account per address, whatever its case),
 * matched by the shared pattern rather than zod's own, so the widget's zod-free check agrees with
 * it; `message` replaces `Invalid email`.
 */
export function emailField(message?: string) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX_EMAIL_LENGTH)
    .pipe(z.email({ pattern: EMAIL_PATTERN, message }));
}

/** A password of the minimum length (docs/product.md §9); `message` replaces the generic length message. */
export function passwordField(message?: string) {
  return z.string().min(MIN_PASSWORD_LENGTH, message).max(MAX_PASSWORD_LENGTH);
}

/** A person's display name, trimmed; `message` replaces the generic length message. */
export function personNameField(message?: string) {
  return z.string().trim().min(MIN_NAME_LENGTH, message).max(MAX_NAME_LENGTH);
}

/** Options for `.refine()` that report "Passwords don't match" (docs/product.md §5) on `confirmPassword`. */
export const CONFIRM_PASSWORD_MISMATCH = {
  message: PASSWORDS_DONT_MATCH,
  path: ['confirmPassword'],
};
