/**
 * Validation messages that more than one part shows: the zod schemas (server and console) and
 * the widget's own checks. The generic ones read as docs/product.md words them ("Every screen").
 */

export const INVALID_EMAIL_MESSAGE = 'Invalid email';
export const FEEDBACK_REQUIRED_MESSAGE = 'Please enter your feedback';

export const tooShortMessage = (min: number | bigint) => `String must contain at least ${min} character(s)`;
/** `max` may be a placeholder (`'{n}'`) that the widget fills in. */
export const tooLongMessage = (max: number | bigint | string) => `String must contain at most ${max} character(s)`;
