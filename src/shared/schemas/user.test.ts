import { describe, expect, test } from 'vitest';
import { messagesOf } from './test-utils';
import {
  CURRENT_PASSWORD_REQUIRED,
  changePasswordFormSchema,
  deleteAccountInputSchema,
  profileFormSchema,
  updateUserInputSchema,
} from './user';

describe('profile and password forms (docs/product.md §5)', () => {
  test('the profile needs a 2-character name and a valid e-mail', () => {
    expect(messagesOf(profileFormSchema, { name: 'A', email: 'x', currentPassword: '' })).toEqual({
      name: 'String must contain at least 2 character(s)',
      email: 'Invalid email',
    });
  });

  test('the wire body names the name username, with the same rules', () => {
    expect(messagesOf(updateUserInputSchema, { username: 'A', email: 'a@b.co' })).toEqual({
      username: 'String must contain at least 2 character(s)',
    });
  });

  test('the wire body may carry the current password (the server needs it for a new e-mail)', () => {
    const body = { username: 'Ada', email: 'ada@example.com' };
    expect(updateUserInputSchema.parse(body)).toEqual(body);
    expect(updateUserInputSchema.parse({ ...body, currentPassword: 'pw' })).toEqual({ ...body, currentPassword: 'pw' });
  });

  test('deleting the account asks for the current password, of any length, and nothing else', () => {
    for (const value of [{}, { currentPassword: '' }]) {
      expect(messagesOf(deleteAccountInputSchema, value)).toEqual({ currentPassword: CURRENT_PASSWORD_REQUIRED });
    }
    expect(deleteAccountInputSchema.parse({ currentPassword: 'abc' })).toEqual({ currentPassword: 'abc' });
    expect(messagesOf(deleteAccountInputSchema, { currentPassword: 5 })).toEqual({
      currentPassword: 'Expected string, received number',
    });
  });

  test('every password field needs 6 characters and the new one must match', () => {
    expect(
      messagesOf(changePasswordFormSchema, { currentPassword: '1', newPassword: '2', confirmPassword: '3' }),
    ).toEqual({
      currentPassword: 'String must contain at least 6 character(s)',
      newPassword: 'String must contain at least 6 character(s)',
      confirmPassword: 'String must contain at least 6 character(s)',
    });
    const mismatch = { currentPassword: '123456', newPassword: 'abcdef', confirmPassword: 'abcdeg' };
    expect(messagesOf(changePasswordFormSchema, mismatch)).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
