import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * Puts the issues of a 400 answer on the form fields they name: the server checks rules a form
 * cannot (the common-password list, the current password), and its message belongs under the
 * field it is about. Returns whether any issue landed on one of `fields`; the first one gets focus.
 */
export function showServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.issues) return false;
  const shown = new Set<string>();
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path);
    if (!field || shown.has(field)) continue;
    setError(field, { message: issue.message }, { shouldFocus: shown.size === 0 });
    shown.add(field);
  }
  return shown.size > 0;
}
