import { describe, expect, test } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  test('takes the first letters of the first two words, upper-cased', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('maximiliane alexandra von hohenzollern')).toBe('MA');
  });

  test('one word gives one letter; a blank name a question mark', () => {
    expect(initials('Northwind')).toBe('N');
    expect(initials('   ')).toBe('?');
  });

  test('never splits a character made of two code units', () => {
    expect(initials('🚀 Rocket')).toBe('🚀R');
    expect(initials('Élodie')).toBe('É');
  });
});
