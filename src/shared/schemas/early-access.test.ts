import { describe, expect, test } from 'vitest';
import { earlyAccessInputSchema } from './early-access';
import { messagesOf } from './test-utils';

describe('early-access form (docs/product.md §5, Italian messages)', () => {
  test("an invalid e-mail says Inserisci un'email valida", () => {
    expect(messagesOf(earlyAccessInputSchema, { email: 'nope' })).toEqual({ email: "Inserisci un'email valida" });
    expect(messagesOf(earlyAccessInputSchema, {})).toEqual({ email: "Inserisci un'email valida" });
  });

  test('more than 255 characters says Email troppo lunga', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(messagesOf(earlyAccessInputSchema, { email: long })).toEqual({ email: 'Email troppo lunga' });
  });

  test('the address is trimmed before it is checked', () => {
    expect(earlyAccessInputSchema.parse({ email: '  Ada@Example.com ' }).email).toBe('ada@example.com');
  });
});
