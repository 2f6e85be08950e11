import { describe, expect, test } from 'vitest';
import { formatMoney, isKnownCurrency } from './money';

describe('formatMoney', () => {
  test("writes an amount in minor units in the reader's locale", () => {
    expect(formatMoney(799, 'USD', 'en-US')).toBe('$7.99');
    expect(formatMoney(799, 'USD', 'de-DE')).toBe('7,99\u00a0$');
    expect(formatMoney(900, 'EUR', 'fr-FR')).toBe('9,00\u00a0€');
  });

  test('a whole amount keeps its cents unless told, and a negative one keeps its sign', () => {
    expect(formatMoney(1400, 'USD', 'en-US')).toBe('$14.00');
    expect(formatMoney(0, 'USD', 'en-US', { trimWhole: true })).toBe('$0');
    expect(formatMoney(1400, 'USD', 'en-US', { trimWhole: true })).toBe('$14');
    expect(formatMoney(799, 'USD', 'en-US', { trimWhole: true })).toBe('$7.99');
    expect(formatMoney(-213, 'USD', 'en-US')).toBe('-$2.13');
  });

  test("follows the currency's minor unit", () => {
    expect(formatMoney(1200, 'JPY', 'en-US')).toBe('¥1,200');
    expect(formatMoney(1999, 'usd', 'en-US')).toBe('$19.99');
  });

  test('an unusable locale falls back to en-US instead of throwing', () => {
    expect(formatMoney(799, 'USD', 'not a locale!')).toBe('$7.99');
    expect(formatMoney(799, 'USD', undefined)).toBe('$7.99');
  });
});

test('isKnownCurrency accepts ISO 4217 codes only', () => {
  expect(isKnownCurrency('USD')).toBe(true);
  expect(isKnownCurrency('EUR')).toBe(true);
  expect(isKnownCurrency('usd')).toBe(false);
  expect(isKnownCurrency('XYZ')).toBe(false);
  expect(isKnownCurrency('$')).toBe(false);
});
