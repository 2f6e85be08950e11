import { describe, expect, test } from 'vitest';
import { messagesOf } from './test-utils';
import { z } from './zod';

describe('generic messages (docs/product.md, "Every screen")', () => {
  const schema = z.strictObject({
    name: z.string().min(3),
    mail: z.email(),
    count: z.number(),
    pick: z.enum(['a', 'b']),
  });

  test('a missing field says Required', () => {
    expect(messagesOf(schema, {})).toEqual({ name: 'Required', mail: 'Required', count: 'Required', pick: 'Required' });
  });

  test('wrong types say Expected X, received Y', () => {
    const messages = messagesOf(schema, { name: 5, mail: null, count: 'x', pick: 'a' });
    expect(messages).toEqual({
      name: 'Expected string, received number',
      mail: 'Expected string, received null',
      count: 'Expected number, received string',
    });
  });

  test('lengths, e-mails, enums and unknown keys read as docs/product.md prints them', () => {
    const messages = messagesOf(schema, { name: 'ab', mail: 'nope', count: 1, pick: 'c', extra: true });
    expect(messages).toEqual({
      name: 'String must contain at least 3 character(s)',
      mail: 'Invalid email',
      pick: "Invalid enum value. Expected 'a' | 'b', received 'c'",
      '': "Unrecognized key(s) in object: 'extra'",
    });
  });

  test('a huge bad value is not echoed back whole', () => {
    const messages = messagesOf(schema, { name: 'abc', mail: 'a@b.co', count: 1, pick: 'x'.repeat(1000) });
    expect(messages.pick).toBe(`Invalid enum value. Expected 'a' | 'b', received '${'x'.repeat(40)}…'`);
    const keys = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, i]));
    expect(messagesOf(schema, { name: 'abc', mail: 'a@b.co', count: 1, pick: 'a', ...keys })['']).toBe(
      "Unrecognized key(s) in object: 'k0', 'k1', 'k2', 'k3', 'k4', …",
    );
  });

  test('an array where an object belongs is named as an array', () => {
    expect(messagesOf(schema, [])).toEqual({ '': 'Expected object, received array' });
  });
});
