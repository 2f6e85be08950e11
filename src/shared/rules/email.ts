/**
 * What counts as an e-mail address, for every form, the server and the widget alike. Written
 * without zod so the dependency-free widget refuses exactly the addresses the server refuses.
 */

/** The longest address a mail server must accept (RFC 5321's path limit, less the brackets). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Dot-separated words of ASCII letters, digits and `_ ' + -` (no leading, trailing or doubled
 * dot, and no `'` right before the `@`), then a host name whose labels start with a letter or
 * digit and whose last label is at least two letters. Plain ASCII on purpose: `josé@…` and
 * `a@b.c` are refused, as mail providers and our outgoing mail would refuse them.
 */
export const EMAIL_PATTERN = /^(?:[\w'+-]+\.)*[\w'+-]*[\w+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An address as it is checked and stored: trimmed and lower-cased. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();
