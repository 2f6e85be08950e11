import { describe, expect, test, vi } from 'vitest';
import type { FeedbackEvent } from '../../shared/desktop-events';
import {
  BODY_MAX_CHARS,
  createNotificationShower,
  cutText,
  notificationRoute,
  notificationText,
  plainText,
  TITLE_MAX_CHARS,
  type NativeNotification,
} from './notifications';

function feedback(message: string, widgetName = 'Main site', widgetId = 'w_1'): FeedbackEvent {
  return { feedbackId: 'f1', widgetId, widgetName, message, createdAt: '2026-11-21T10:00:00.000Z' };
}

const graphemeCount = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

describe('notificationText', () => {
  test('a short message is shown whole, the widget name is the title', () => {
    expect(notificationText(feedback('Love the new pricing page!'))).toEqual({
      title: 'Main site',
      body: 'Love the new pricing page!',
    });
  });

  test('HTML is literal text, never markup, and a 10 KB message is cut at a word', () => {
    const message = `<img src=x onerror=alert(1)> ${'lorem ipsum dolor sit amet '.repeat(400)}`;
    expect(message.length).toBeGreaterThan(10_000);
    const { body } = notificationText(feedback(message));
    expect(body.startsWith('<img src=x onerror=alert(1)> lorem ipsum')).toBe(true);
    expect(body.endsWith('…')).toBe(true);
    expect(graphemeCount(body)).toBeLessThanOrEqual(BODY_MAX_CHARS);
    expect(graphemeCount(body)).toBeGreaterThan(BODY_MAX_CHARS / 2);
    // Cut at a word boundary: what comes before "…" is a whole word of the message.
    const lastWord = body.slice(0, -1).split(' ').at(-1);
    expect(['lorem', 'ipsum', 'dolor', 'sit', 'amet']).toContain(lastWord);
  });

  test('a 10 KB message without spaces is cut hard, with "…"', () => {
    const { body } = notificationText(feedback('x'.repeat(10_240)));
    expect(body).toBe(`${'x'.repeat(BODY_MAX_CHARS - 1)}…`);
  });

  test('a 10 KB widget name becomes a title of at most 60 characters', () => {
    const { title } = notificationText(feedback('hi', `<b>${'Shop '.repeat(2048)}</b>`));
    expect(title.startsWith('<b>Shop Shop')).toBe(true);
    expect(title.endsWith('…')).toBe(true);
    expect(graphemeCount(title)).toBeLessThanOrEqual(TITLE_MAX_CHARS);
  });

  test('whitespace and control characters collapse to single spaces', () => {
    const { body } = notificationText(
      feedback('  Line one\r\n\r\nline\ttwo\u0000\u0007\u001b[31m red\u007f\u0085 end \u2028 '),
    );
    expect(body).toBe('Line one line two [31m red end');
  });

  test('bidi overrides cannot reverse the text ("exe.txt" stays as sent)', () => {
    const { body, title } = notificationText(feedback('invoice\u202Etxt.exe\u202C is here', '\u2067Shop\u2069\u200F'));
    expect(body).toBe('invoicetxt.exe is here');
    expect(title).toBe('Shop');
    expect(body).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
  });

  test('right-to-left text itself is kept', () => {
    const hebrew = 'האתר שלכם מצוין';
    const arabic = 'شكرا على الموقع الرائع';
    expect(notificationText(feedback(hebrew, arabic))).toEqual({ title: arabic, body: hebrew });
  });

  test('zero-width padding is removed, and a message made only of it gets a neutral body', () => {
    expect(notificationText(feedback('pay\u200Bpal\u2060 \uFEFFnow\u00AD')).body).toBe('paypal now');
    expect(notificationText(feedback('\u200B\u200C\u200D\u2060\uFEFF \u200D\u200D', '\u200B'))).toEqual({
      title: 'Tellbox',
      body: 'New feedback',
    });
  });

  test('emoji stay whole: ZWJ sequences, skin tones, flags and keycaps', () => {
    const emoji = '👩‍💻 👍🏽 🇮🇹 🏴󠁧󠁢󠁳󠁣󠁴󠁿 1️⃣ ❤️';
    expect(notificationText(feedback(emoji)).body).toBe(emoji);
  });

  test('cutting never splits an emoji, a surrogate pair or a letter from its accent', () => {
    for (const unit of ['👩‍💻', '👍🏽', '🇮🇹', 'é', '𝒳']) {
      const { body } = notificationText(feedback(unit.repeat(300)));
      expect(body).toBe(`${unit.repeat(BODY_MAX_CHARS - 1)}…`);
      expect(body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  test('lone surrogates and stray tag characters are dropped', () => {
    expect(plainText('a\uD800b\uDFFFc')).toBe('abc');
    expect(plainText('hi\u{E0041}\u{E0042} there')).toBe('hi there');
  });

  test('"Zalgo" piles of combining marks are trimmed', () => {
    const zalgo = `Z${'\u0336\u0337\u0338'.repeat(500)}algo`;
    const { body } = notificationText(feedback(zalgo));
    expect(body.length).toBeLessThan(30);
    expect(body.startsWith('Z')).toBe(true);
    expect(body.endsWith('algo')).toBe(true);
  });

  test('pathological input stays short and quick (no quadratic scans, no endless "characters")', () => {
    const hostile = [
      '\u{E0041}'.repeat(50_000), // invisible tag characters
      `\u{1F3F4}${'\u{E0041}'.repeat(50_000)}`, // a "flag" with endless tags
      `👩${'\u200D👩'.repeat(30_000)}`, // one joined emoji sequence, a single grapheme of 150 000 units
      `a${'\u0301'.repeat(100_000)}`, // one letter under 100 000 accents
      `${' \u200D'.repeat(50_000)}x`,
      `a${'\u200D'.repeat(100_000)}b`, // joiners that join nothing
    ];
    const started = performance.now();
    for (const message of hostile) {
      const { body } = notificationText(feedback(message));
      expect(body.length).toBeLessThanOrEqual(BODY_MAX_CHARS * 8);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('a message that is not a string (a broken event) does not throw', () => {
    const broken = { ...feedback(''), message: 42, widgetName: null } as unknown as FeedbackEvent;
    expect(notificationText(broken)).toEqual({ title: 'Tellbox', body: 'New feedback' });
  });

  test('for Linux notification servers the body is escaped as markup; the title is not', () => {
    const text = notificationText(feedback('<a href="https://evil.tld">win</a> & <b>more</b>', 'R&D <i>'), {
      bodyMarkup: true,
    });
    expect(text.body).toBe('&lt;a href="https://evil.tld"&gt;win&lt;/a&gt; &amp; &lt;b&gt;more&lt;/b&gt;');
    expect(text.title).toBe('R&D <i>');
  });
});

describe('cutText', () => {
  test('text within the limit is unchanged', () => {
    expect(cutText('exactly ten', 11)).toBe('exactly ten');
  });

  test('cuts at the last word boundary in the second half, dropping trailing punctuation', () => {
    expect(cutText('The checkout button, sadly, does nothing at all', 24)).toBe('The checkout button…');
  });

  test('cuts inside a word when the last boundary is too early', () => {
    expect(cutText('A supercalifragilisticexpialidocious word', 20)).toBe('A supercalifragilis…');
  });
});

describe('notificationRoute', () => {
  test.each(['w1', 'abc_DEF-123', 'a'.repeat(64), 'Xk3_pQ-9aZ0bY7cW2eR5tU'])(
    'routes widget %s to its feedback',
    (id) => {
      expect(notificationRoute(id)).toBe(`/feedback?widget=${id}`);
    },
  );

  const crafted: unknown[] = [
    '',
    'a'.repeat(65),
    '../settings',
    '/settings',
    'w1&page=2',
    'w1#x',
    'w1?x=1',
    'w1/../../checkout',
    'w1%2F..',
    'https://evil.tld',
    '//evil.tld',
    'javascript:alert(1)',
    'w1\n/settings',
    'w1 ',
    'w\u0131',
    'ｗ1',
    'w1\u202E',
    null,
    undefined,
    42,
    ['w1'],
    { toString: () => 'w1' },
  ];
  test.each(crafted)('a crafted id (%j) only ever yields /feedback', (id) => {
    expect(notificationRoute(id)).toBe('/feedback');
  });
});

describe('createNotificationShower', () => {
  class FakeNotification implements NativeNotification {
    static created: FakeNotification[] = [];
    listeners = new Map<string, () => void>();
    shown = false;
    constructor(public options: { title: string; body: string }) {
      FakeNotification.created.push(this);
    }
    on(event: string, listener: () => void): this {
      this.listeners.set(event, listener);
      return this;
    }
    show(): void {
      this.shown = true;
    }
    emit(event: string): void {
      this.listeners.get(event)?.();
    }
  }

  test('shows a notification with the text and runs onClick on a click', () => {
    FakeNotification.created = [];
    const show = createNotificationShower(FakeNotification);
    const onClick = vi.fn();
    show({ title: 'Main site', body: 'Hello' }, onClick);
    const [notification] = FakeNotification.created;
    expect(notification?.options).toEqual({ title: 'Main site', body: 'Hello' });
    expect(notification?.shown).toBe(true);
    expect(onClick).not.toHaveBeenCalled();
    notification?.emit('click');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('passes nothing but title and body (no actions, no reply field, no icon from the server)', () => {
    FakeNotification.created = [];
    createNotificationShower(FakeNotification)({ title: 't', body: 'b' }, () => undefined);
    expect(Object.keys(FakeNotification.created[0]?.options ?? {})).toEqual(['title', 'body']);
  });
});
