import { describe, expect, test } from 'vitest';
import { signupFormSchema } from './auth';
import { formErrorMap } from './form-error-map';
import { newsPostInputSchema } from './news';
import { changePasswordFormSchema, profileFormSchema } from './user';
import { widgetInputSchema } from './widget';
import type { z } from './zod';

/** The first message of each field, as the console's form shows it. */
function formMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value, { error: formErrorMap });
  const messages: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

const LIBRARY_WORDING = /String must contain|character\(s\)|Expected \w+, received|Invalid (email|input|enum)/;

describe("the console's form messages", () => {
  test('sign-up names the field and the rule in plain words', () => {
    expect(
      formMessages(signupFormSchema, { name: 'J', email: 'nope', password: '123', confirmPassword: '123' }),
    ).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  test('too long says at most, with the field', () => {
    const messages = formMessages(profileFormSchema, { name: 'x'.repeat(101), email: 'a@b.co', currentPassword: '' });
    expect(messages).toEqual({ name: 'Name can be at most 100 characters' });
  });

  test('a message written on the field itself still wins', () => {
    expect(
      formMessages(newsPostInputSchema, { widgetId: 'w', title: 'T', content: 'short', icon: '📢' }),
    ).toMatchObject({
      title: 'Title must be at least 2 characters',
      content: 'Content must be at least 10 characters',
    });
    expect(
      formMessages(changePasswordFormSchema, { currentPassword: '', newPassword: '1', confirmPassword: '2' }),
    ).toMatchObject({ newPassword: 'New password must be at least 6 characters' });
  });

  test("the widget form's nested texts and offsets are named too", () => {
    const messages = formMessages(widgetInputSchema, {
      name: 'Shop',
      position: 'bottom-right',
      primaryColor: '#3B82F6',
      enableFeedback: true,
      enableNews: true,
      texts: { en: { launcher: 'x'.repeat(31), title: 'y'.repeat(61) } },
      offsetX: 500,
      offsetY: Number.NaN,
    });
    expect(messages).toEqual({
      'texts.en.launcher': 'Launcher label can be at most 30 characters',
      'texts.en.title': 'Dialog title can be at most 60 characters',
      offsetX: 'Horizontal offset must be at most 200',
      offsetY: 'Vertical offset must be a whole number',
    });
  });

  test('no library wording reaches a person, and the API keeps its generic messages', () => {
    const bad = { name: '', email: '', password: '', confirmPassword: '' };
    for (const message of Object.values(formMessages(signupFormSchema, bad)))
      expect(message).not.toMatch(LIBRARY_WORDING);
    const api = signupFormSchema.safeParse(bad);
    expect(api.success ? [] : api.error.issues.map((issue) => issue.message)).toContain(
      'String must contain at least 2 character(s)',
    );
  });
});
