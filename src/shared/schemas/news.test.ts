import { describe, expect, test } from 'vitest';
import { DEFAULT_NEWS_ICON, NEWS_ICONS, isSafeLink, newsPostInputSchema } from './news';
import { NEWS_LINK_MESSAGE } from '../rules/messages';
import { messagesOf } from './test-utils';

const valid = { widgetId: 'w1', title: 'Hello', content: 'Ten chars!!', icon: DEFAULT_NEWS_ICON };

describe('news post form (docs/product.md §5)', () => {
  test('offers the twelve icons with 📢 as the default', () => {
    expect(NEWS_ICONS).toHaveLength(12);
    expect(DEFAULT_NEWS_ICON).toBe('📢');
  });

  test('uses the documented messages', () => {
    expect(messagesOf(newsPostInputSchema, { widgetId: '', title: 'H', content: 'short', icon: '' })).toEqual({
      widgetId: 'Please select a widget',
      title: 'Title must be at least 2 characters',
      content: 'Content must be at least 10 characters',
      icon: 'Please select an icon',
    });
    expect(messagesOf(newsPostInputSchema, { title: 'Hello', content: 'Ten chars!!' })).toEqual({
      widgetId: 'Please select a widget',
      icon: 'Please select an icon',
    });
  });

  test('the link is optional; an empty one is none; status may be left out', () => {
    const parsed = newsPostInputSchema.parse({ ...valid, link: '' });
    expect(parsed.link).toBeNull();
    expect(parsed.status).toBeUndefined();
    expect(newsPostInputSchema.parse({ ...valid, link: ' https://example.com/blog ' }).link).toBe(
      'https://example.com/blog',
    );
    expect(newsPostInputSchema.parse({ ...valid, link: 'http://example.com' }).link).toBe('http://example.com');
  });

  test('a link that would not open as a web page gets the message from the table', () => {
    for (const link of ['see our blog', 'javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', '//evil']) {
      expect(messagesOf(newsPostInputSchema, { ...valid, link })).toEqual({ link: NEWS_LINK_MESSAGE });
    }
  });
});

describe('isSafeLink (docs/product.md, "Every screen")', () => {
  test('only http and https links may be clicked', () => {
    expect(isSafeLink('https://example.com/a')).toBe(true);
    expect(isSafeLink('http://example.com')).toBe(true);
    for (const link of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil',
      'see our blog',
      '',
      null,
    ]) {
      expect(isSafeLink(link)).toBe(false);
    }
  });
});
