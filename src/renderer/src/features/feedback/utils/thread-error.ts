import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { ApiError } from '../../../lib/api-client';

/** Where a thread form shows a refusal that is about no field (no address, the daily limit). */
export const THREAD_FORM_ERROR = 'root.server';

/**
 * Shows why the server refused a reply or a note: a 400's issue under the field, anything else in
 * the server's own words (written for the owner: no address, the daily limit, the mail that
 * failed), and `fallback` for a network failure or a 500, whose message says nothing more.
 */
export function showThreadError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  field: FieldPath<T>,
  fallback: string,
): void {
  if (showServerIssues(error, setError, [field])) return;
  const told = error instanceof ApiError && error.status !== 500 ? error.serverMessage : null;
  setError(THREAD_FORM_ERROR, { message: told ?? fallback });
}
