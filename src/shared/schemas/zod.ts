/**
 * The one zod instance every schema uses. It installs the product's generic messages
 * (docs/product.md, "Every screen"): `Required`, `Invalid email`,
 * `String must contain at least N character(s)`, `Expected X, received Y`. Field-specific messages
 * (docs/product.md §5) are given on the fields themselves and win over these.
 */
import * as z from 'zod';
import { INVALID_EMAIL_MESSAGE, tooLongMessage, tooShortMessage } from '../rules/messages';

type Issue = z.core.$ZodRawIssue;

/** The type name zod 3 used in "Expected X, received Y", which is the wording of docs/product.md ("Every screen"). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

/** Echoed input is cut short, so a huge bad value doesn't come back in the message. */
const MAX_ECHO = 40;
const MAX_ECHOED_KEYS = 5;

function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  const short = text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
  return typeof value === 'string' ? `'${short}'` : short;
}

function keyList(keys: string[]): string {
  const listed = keys.slice(0, MAX_ECHOED_KEYS).map((key) => quote(key));
  return keys.length > MAX_ECHOED_KEYS ? `${listed.join(', ')}, …` : listed.join(', ');
}

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string | undefined {
  const small = issue.code === 'too_small';
  const bound = small ? issue.minimum : issue.maximum;
  const relation = small ? 'at least' : 'at most';
  if (issue.origin === 'string') return small ? tooShortMessage(bound) : tooLongMessage(bound);
  if (issue.origin === 'array') return `Array must contain ${relation} ${bound} element(s)`;
  if (issue.origin === 'number') {
    return `Number must be ${small ? 'greater' : 'less'} than or equal to ${bound}`;
  }
  return undefined;
}

function genericMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `Expected ${issue.expected}, received ${typeName(issue.input)}`;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_format':
      if (issue.format === 'email') return INVALID_EMAIL_MESSAGE;
      if (issue.format === 'url') return 'Invalid url';
      return 'Invalid';
    case 'invalid_value':
      if (issue.input === undefined) return 'Required';
      return `Invalid enum value. Expected ${issue.values.map(quote).join(' | ')}, received ${quote(issue.input)}`;
    case 'unrecognized_keys':
      return `Unrecognized key(s) in object: ${keyList(issue.keys)}`;
    default:
      return undefined;
  }
}

z.config({ customError: genericMessage });

export { z };
