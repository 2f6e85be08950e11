/**
 * The one zod instance every schema uses. It installs the product's generic messages
 * (decisions §9): `Required`, `Invalid email`, `String must contain at least N character(s)`,
 * `Expected X, received Y`. Field-specific messages from the spec are given on the fields
 * themselves and win over these.
 */
import * as z from 'zod';

type Issue = z.core.$ZodRawIssue;

/** The type name zod 3 used in "Expected X, received Y", which is the spec's wording. */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

function quote(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string | undefined {
  const small = issue.code === 'too_small';
  const bound = small ? issue.minimum : issue.maximum;
  const relation = small ? 'at least' : 'at most';
  if (issue.origin === 'string') return `String must contain ${relation} ${bound} character(s)`;
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
      if (issue.format === 'email') return 'Invalid email';
      if (issue.format === 'url') return 'Invalid url';
      return 'Invalid';
    case 'invalid_value':
      if (issue.input === undefined) return 'Required';
      return `Invalid enum value. Expected ${issue.values.map(quote).join(' | ')}, received ${quote(issue.input)}`;
    case 'unrecognized_keys':
      return `Unrecognized key(s) in object: ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
    default:
      return undefined;
  }
}

z.config({ customError: genericMessage });

export { z };
