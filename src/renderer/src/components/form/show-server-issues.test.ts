import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { showServerIssues } from './show-server-issues';

type Form = { password: string; email: string };

describe('showServerIssues', () => {
  test('puts each issue on the field it names, the first one of a field only, and focuses the first', () => {
    const setError = vi.fn();
    const error = new ApiError('Signup failed', 400, 'Too common', [
      { path: 'password', message: 'Too common' },
      { path: 'password', message: 'Something else' },
      { path: 'email', message: 'Taken' },
    ]);
    expect(showServerIssues<Form>(error, setError, ['password', 'email'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['password', { message: 'Too common' }, { shouldFocus: true }],
      ['email', { message: 'Taken' }, { shouldFocus: false }],
    ]);
  });

  test('leaves fields alone for issues on other paths and for errors without issues', () => {
    const setError = vi.fn();
    const elsewhere = new ApiError('x', 400, 'Unrecognized key', [{ path: '', message: 'Unrecognized key' }]);
    expect(showServerIssues<Form>(elsewhere, setError, ['password'])).toBe(false);
    expect(showServerIssues<Form>(new ApiError('x', 409, 'Taken'), setError, ['password'])).toBe(false);
    expect(showServerIssues<Form>(new TypeError('Failed to fetch'), setError, ['password'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
