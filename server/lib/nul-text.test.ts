import { describe, expect, test } from 'vitest';
import { containsNul } from './nul-text';

describe('containsNul', () => {
  test('finds U+0000 in a value or a key at any depth, and nothing in clean text', () => {
    expect(containsNul({ message: 'hello', tags: ['a', 'b'], nested: { deep: [1, true, null] } })).toBe(false);
    expect(containsNul({ message: 'hel\u0000lo' })).toBe(true);
    expect(containsNul({ list: [{ inner: ['x', 'y\u0000'] }] })).toBe(true);
    expect(containsNul({ 'key\u0000': 'value' })).toBe(true);
    expect(containsNul('\u0000')).toBe(true);
  });

  test('JSON nested 10 000 deep is walked without overflowing the stack', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(10_000)}"end\\u0000"${']'.repeat(10_000)}`);
    expect(containsNul(deep)).toBe(true);
  });
});
