import { describe, expect, test } from 'vitest';
import { escapeMarkup, formatDate, shorten } from './changelog-text';

describe('escapeMarkup', () => {
  test('escapes markup and both quotes, so a value is safe as text and in any quoted attribute', () => {
    expect(escapeMarkup(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  test('drops what XML 1.0 forbids and keeps tabs, line breaks, emoji and right-to-left text', () => {
    expect(escapeMarkup('a\u0000b\u0007c\u001bd\uffffe\ud800f')).toBe('abcdef');
    expect(escapeMarkup('line\n\tnext\r\n🚀 مرحبا')).toBe('line\n\tnext\r\n🚀 مرحبا');
  });
});

test('shorten cuts at a word and says so', () => {
  expect(shorten('One two three four', 12)).toBe('One two…');
  expect(shorten('  short\n text ', 20)).toBe('short text');
});

test("formatDate writes the page's language, in UTC", () => {
  expect(formatDate('2026-03-05T23:30:00.000Z', 'it')).toBe('5 marzo 2026');
  expect(formatDate('2026-03-05T23:30:00.000Z', 'en')).toBe('March 5, 2026');
});
