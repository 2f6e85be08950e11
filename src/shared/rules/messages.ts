/**
 * Validation messages that more than one part shows: the zod schemas (server and console) and
 * the widget's own checks. The generic ones read as docs/product.md words them ("Every screen").
 */

export const INVALID_EMAIL_MESSAGE = 'Invalid email';
export const FEEDBACK_REQUIRED_MESSAGE = 'Please enter your feedback';
/** A news post's link: only these open from the widget, the changelog and the console (`isSafeLink`). */
export const NEWS_LINK_MESSAGE = 'Link must start with http:// or https://';

export const tooShortMessage = (min: number | bigint) => `String must contain at least ${min} character(s)`;
/** `max` may be a placeholder (`'{n}'`) that the widget fills in. */
export const tooLongMessage = (max: number | bigint | string) => `String must contain at most ${max} character(s)`;

/**
 * What the console's forms say where a field has no message of its own: the field's name and the
 * rule in plain words ("Name must be at least 2 characters"), instead of the generic wording above,
 * which the API keeps (docs/product.md, "Every screen"). `field` is the label a person sees.
 */
export const FORM_MESSAGES = {
  email: 'Please enter a valid email address',
  url: 'Please enter a valid URL, starting with http:// or https://',
  required: (field: string) => `${field} is required`,
  tooShort: (field: string, min: number | bigint) =>
    Number(min) === 1 ? `${field} is required` : `${field} must be at least ${min} characters`,
  tooLong: (field: string, max: number | bigint) => `${field} can be at most ${max} characters`,
  tooSmall: (field: string, min: number | bigint) => `${field} must be at least ${min}`,
  tooBig: (field: string, max: number | bigint) => `${field} must be at most ${max}`,
  notANumber: (field: string) => `${field} must be a whole number`,
  choose: (field: string) => `Please choose a ${field.toLowerCase()} from the list`,
  invalid: (field: string) => `${field} is not valid`,
} as const;

/**
 * A form field's name in those messages, by its key in the form's values; "This field" for any
 * other. The widget form's own texts are named by OWNER_TEXT_LABELS (widget-language.ts).
 */
export const FORM_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  username: 'Name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Password confirmation',
  currentPassword: 'Current password',
  newPassword: 'New password',
  title: 'Title',
  content: 'Content',
  link: 'Link',
  offsetX: 'Horizontal offset',
  offsetY: 'Vertical offset',
  url: 'URL',
  role: 'Role',
  icon: 'Icon',
  position: 'Position',
  status: 'Status',
  message: 'Message',
  text: 'Text',
};
export const UNKNOWN_FIELD_LABEL = 'This field';
