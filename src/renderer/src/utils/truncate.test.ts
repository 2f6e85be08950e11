import { describe, expect, test } from 'vitest';
import { MESSAGE_PREVIEW_LENGTH, truncate } from './truncate';

describe('truncate', () => {
  test('keeps a text of exactly the limit as it is', () => {
    const text = 'a'.repeat(MESSAGE_PREVIEW_LENGTH);
    expect(truncate(text, MESSAGE_PREVIEW_LENGTH)).toBe(text);
  });

  test('cuts a longer text to the limit and adds an ellipsis', () => {
    const text = `${'a'.repeat(MESSAGE_PREVIEW_LENGTH)}TAIL`;
    expect(truncate(text, MESSAGE_PREVIEW_LENGTH)).toBe(`${'a'.repeat(MESSAGE_PREVIEW_LENGTH)}…`);
  });

  test('counts an emoji as one character and never splits it', () => {
    const text = '🚀'.repeat(MESSAGE_PREVIEW_LENGTH + 1);
    const cut = truncate(text, MESSAGE_PREVIEW_LENGTH);
    expect(cut).toBe(`${'🚀'.repeat(MESSAGE_PREVIEW_LENGTH)}…`);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  test('leaves a short text alone', () => {
    expect(truncate('Love it', MESSAGE_PREVIEW_LENGTH)).toBe('Love it');
  });
});
