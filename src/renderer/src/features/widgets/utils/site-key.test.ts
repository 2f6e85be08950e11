import { describe, expect, test } from 'vitest';
import { shortenSiteKey } from './site-key';

describe('shortenSiteKey', () => {
  test('keeps the first 8 characters and adds an ellipsis', () => {
    expect(shortenSiteKey('tb_9f8e7d6c5b4a3210')).toBe('tb_9f8e7…');
  });

  test('leaves a key of 8 characters or fewer whole', () => {
    expect(shortenSiteKey('12345678')).toBe('12345678');
    expect(shortenSiteKey('abc')).toBe('abc');
  });
});
