/**
 * The console's forms read their rules through this map (`formResolver`), so a person sees
 * "Name must be at least 2 characters" where the API answers with zod's generic wording. It only
 * fills in what a field leaves unsaid: a message written on the field itself still wins, and an
 * issue it has no words for falls back to the generic ones (zod.ts).
 */
import type * as z from 'zod';
import { FORM_FIELD_LABELS, FORM_MESSAGES, UNKNOWN_FIELD_LABEL } from '../rules/messages';
import { OWNER_TEXT_LABELS, type OwnerTextField } from '../widget-language';

type Issue = z.core.$ZodRawIssue;

/**
 * The label of the field an issue is about, by its last named path segment; a text of the widget
 * form's Words tab (`texts.it.title`) by the label that tab shows (Dialog title).
 */
function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const segments = path ?? [];
  const key = [...segments].reverse().find((segment): segment is string => typeof segment === 'string');
  if (key === undefined) return UNKNOWN_FIELD_LABEL;
  if (segments[0] === 'texts' && key in OWNER_TEXT_LABELS) return OWNER_TEXT_LABELS[key as OwnerTextField];
  return FORM_FIELD_LABELS[key] ?? UNKNOWN_FIELD_LABEL;
}

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }, field: string): string | undefined {
  const small = issue.code === 'too_small';
  if (issue.origin === 'string') {
    return small ? FORM_MESSAGES.tooShort(field, issue.minimum) : FORM_MESSAGES.tooLong(field, issue.maximum);
  }
  if (issue.origin === 'number') {
    return small ? FORM_MESSAGES.tooSmall(field, issue.minimum) : FORM_MESSAGES.tooBig(field, issue.maximum);
  }
  return undefined;
}

/** A zod error map for one parse (`schema.parse(value, { error: formErrorMap })`). */
export function formErrorMap(issue: Issue): string | undefined {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return FORM_MESSAGES.required(field);
      return issue.expected === 'number' || issue.expected === 'int' ? FORM_MESSAGES.notANumber(field) : undefined;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue, field);
    case 'invalid_format':
      if (issue.format === 'email') return FORM_MESSAGES.email;
      if (issue.format === 'url') return FORM_MESSAGES.url;
      return FORM_MESSAGES.invalid(field);
    case 'invalid_value':
      return FORM_MESSAGES.choose(field);
    default:
      return undefined;
  }
}
