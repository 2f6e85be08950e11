import { describe, expect, test } from 'vitest';
import { messagesOf } from './test-utils';
import { changePasswordFormSchema, profileFormSchema, updateUserInputSchema } from './user';

describe('profile and password forms (spec §5)', () => {
  test('the profile needs a 2-character name and a valid e-mail', () => {
    expect(messagesOf(profileFormSchema, { name: 'A', email: 'x' })).toEqual({
      name: 'String must contain at least 2 character(s)',
      email: 'Invalid email',
    });
  });

  test('the wire body names the name username, with the same rules', () => {
    expect(messagesOf(updateUserInputSchema, { username: 'A', email: 'a@b.co' })).toEqual({
      username: 'String must contain at least 2 character(s)',
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
