import { describe, expect, test } from 'vitest';
import { loginInputSchema, registerInputSchema, resetPasswordFormSchema, signupFormSchema } from './auth';
import { messagesOf } from './test-utils';

describe('login form (docs/product.md §5)', () => {
  test('uses the documented messages for a bad e-mail and a short password', () => {
    expect(messagesOf(loginInputSchema, { email: 'nope', password: '12345' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  test('trims and lower-cases the e-mail', () => {
    expect(loginInputSchema.parse({ email: '  Ada@Example.COM ', password: 'secret' }).email).toBe('ada@example.com');
  });
});

describe('sign-up form', () => {
  test('falls back to the generic messages where docs/product.md §5 gives none', () => {
    expect(messagesOf(registerInputSchema, { name: 'A', email: 'x', password: '123' })).toEqual({
      name: 'String must contain at least 2 character(s)',
      email: 'Invalid email',
      password: 'String must contain at least 6 character(s)',
    });
  });

  test("reports Passwords don't match on the confirmation field", () => {
    const value = { name: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret2' };
    expect(messagesOf(signupFormSchema, value)).toEqual({ confirmPassword: "Passwords don't match" });
  });

  test('the register body refuses the confirmation field the form has', () => {
    const value = { name: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };
    expect(messagesOf(registerInputSchema, value)).toEqual({ '': "Unrecognized key(s) in object: 'confirmPassword'" });
  });
});

describe('reset password form', () => {
  test('checks length and the match', () => {
    expect(messagesOf(resetPasswordFormSchema, { password: '123', confirmPassword: '123' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(messagesOf(resetPasswordFormSchema, { password: '123456', confirmPassword: '1234567' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});
