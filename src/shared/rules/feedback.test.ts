import { describe, expect, test } from 'vitest';
import { MAX_AUTHOR_NAME_LENGTH, MAX_FEEDBACK_MESSAGE_LENGTH } from '../limits';
import { publicFeedbackInputSchema } from '../schemas/feedback';
import { messagesOf } from '../schemas/test-utils';
import { WIDGET_STRINGS } from '../widget-language';
import { feedbackProblems, feedbackRules, wordProblem, type FeedbackField } from './feedback';

const PAGE_URL = 'https://shop.test/pricing';

/** What the server's schema says about each visitor field ('' when it is fine). */
function serverVerdict(fields: Record<FeedbackField, string>): Record<FeedbackField, string> {
  const messages = messagesOf(publicFeedbackInputSchema, { ...fields, pageUrl: PAGE_URL });
  return {
    message: messages.message ?? '',
    authorName: messages.authorName ?? '',
    authorEmail: messages.authorEmail ?? '',
  };
}

const TRICKY_ADDRESSES = [
  // Refused by the server, and accepted by the widget's old check.
  'a@b.c',
  'josé@example.com',
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  "a'@example.com",
  'a@b..com',
  'a@-shop.com',
  'a@shop.c0m',
  'a@xn--e1afmkfd.xn--p1ai',
  'a@例え.jp',
  '"quoted"@example.com',
  'a@[127.0.0.1]',
  'İ@example.com',
  'ſ@example.com',
  // Refused by both all along.
  'a@b',
  'a@localhost',
  'a b@example.com',
  'a@@example.com',
  '@example.com',
  'a@',
  'a\u00a0b@example.com',
  // Too long: the length message comes first, on both sides.
  `${'x'.repeat(64)}@${'y'.repeat(186)}.com`,
  // Fine.
  `${'x'.repeat(64)}@${'y'.repeat(185)}.com`,
  'grace@example.com',
  'Grace.Hopper@Example.COM',
  "o'brien@example.co.uk",
  'a+tag@sub-domain.example.com',
  'first_last-1@example.io',
  '  padded@example.com  ',
  '\u00a0nbsp@example.com\u00a0',
  // The Kelvin sign lower-cases to an ASCII "k": accepted after lower-casing, on both sides.
  '\u212a@example.com',
  '',
  '   ',
];

describe("the widget's checks and the server's schema", () => {
  test.each(TRICKY_ADDRESSES)('give the same verdict and message for the address %j', (address) => {
    const fields = { message: 'Hello', authorName: '', authorEmail: address };
    expect(feedbackProblems(fields)).toEqual(serverVerdict(fields));
  });

  test('refuse the addresses the widget used to let through', () => {
    for (const address of ['a@b.c', 'josé@example.com', 'a..b@example.com']) {
      expect(feedbackProblems({ message: 'Hello', authorName: '', authorEmail: address }).authorEmail).toBe(
        'Invalid email',
      );
    }
  });

  const long = (n: number) => 'x'.repeat(n);
  test.each([
    ['an empty message', { message: '', authorName: '' }],
    ['a message of spaces', { message: '  \n\t ', authorName: '' }],
    ['the longest message', { message: long(MAX_FEEDBACK_MESSAGE_LENGTH), authorName: '' }],
    ['the longest message, padded', { message: ` ${long(MAX_FEEDBACK_MESSAGE_LENGTH)} `, authorName: '' }],
    ['a message one too long', { message: long(MAX_FEEDBACK_MESSAGE_LENGTH + 1), authorName: '' }],
    ['the longest name, padded', { message: 'Hi', authorName: ` ${long(MAX_AUTHOR_NAME_LENGTH)} ` }],
    ['a name one too long', { message: 'Hi', authorName: long(MAX_AUTHOR_NAME_LENGTH + 1) }],
    ['everything wrong at once', { message: ' ', authorName: long(MAX_AUTHOR_NAME_LENGTH + 1), authorEmail: 'a@b.c' }],
  ])('give the same verdict and messages for %s', (_label, input) => {
    const fields = { authorEmail: '', ...input };
    expect(feedbackProblems(fields)).toEqual(serverVerdict(fields));
  });
});

describe("the widget's checks in the visitor's language", () => {
  test('name the broken rule, worded in that language with the limit in place', () => {
    const rules = feedbackRules({
      message: ' ',
      authorName: 'x'.repeat(MAX_AUTHOR_NAME_LENGTH + 1),
      authorEmail: 'a@b.c',
    });
    const italian = (field: FeedbackField) => wordProblem(rules[field], WIDGET_STRINGS.it);
    expect([italian('message'), italian('authorName'), italian('authorEmail')]).toEqual([
      'Scrivi il tuo feedback',
      `Al massimo ${MAX_AUTHOR_NAME_LENGTH} caratteri`,
      'Email non valida',
    ]);
  });

  test("in English they are the server's own messages", () => {
    const fields = { message: 'x'.repeat(MAX_FEEDBACK_MESSAGE_LENGTH + 1), authorName: '', authorEmail: 'nope' };
    const rules = feedbackRules(fields);
    const english = {
      message: wordProblem(rules.message, WIDGET_STRINGS.en),
      authorName: wordProblem(rules.authorName, WIDGET_STRINGS.en),
      authorEmail: wordProblem(rules.authorEmail, WIDGET_STRINGS.en),
    };
    expect(english).toEqual(serverVerdict(fields));
  });
});
