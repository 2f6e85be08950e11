import { describe, expect, test } from 'vitest';
import { dailyDigestMail, instantAlertMail, type AlertContent } from './alert-mails';

/** Lines as a mail client may break them: at CRLF, CR, LF, VT, FF, NEL and the Unicode separators. */
const linesOf = (text: string) => text.split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/);
const unquotedLines = (text: string) => linesOf(text).filter((line) => !line.startsWith('> '));

const PAYLOAD = 'Tellbox: your card was charged, dispute at http://evil.example';

const content: AlertContent = {
  listed: [
    {
      message: `Nice shop\r\n${PAYLOAD}\u2029<script>x</script>`,
      pageUrl: 'https://shop.example.com/pricing',
      authorName: `Dana\r${PAYLOAD}`,
      authorEmail: 'dana@example.com',
      widgetName: `Shop\u0085${PAYLOAD}`,
    },
  ],
  unlisted: 0,
  hidden: 0,
  inboxUrl: 'http://tellbox.test/feedback',
  unsubscribeUrl: 'http://tellbox.test/unsubscribe?token=t',
  settingsUrl: 'http://tellbox.test/settings/alerts',
};

describe('the alert mails', () => {
  test("the instant alert marks every line of the visitor's message and keeps their name on one line", () => {
    const mail = instantAlertMail('Shop', {
      ...content,
      listed: content.listed.map((item) => ({ ...item, widgetName: undefined })),
    });
    const quote = mail.text.split('\n\n')[2];
    expect(quote).toBe(
      [
        '> Nice shop',
        `> ${PAYLOAD}`,
        '> <script>x</script>',
        'Page: https://shop.example.com/pricing',
        `From: Dana ${PAYLOAD} <dana@example.com>`,
      ].join('\n'),
    );
    // The name is still shown, but only inside the sentence Tellbox starts.
    const payloadLines = unquotedLines(mail.text).filter((line) => line.includes('evil.example'));
    expect(payloadLines).toEqual([`From: Dana ${PAYLOAD} <dana@example.com>`]);
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  test("the digest does the same, and the widget's name in a quote's small print stays on its line", () => {
    const mail = dailyDigestMail(content);
    expect(linesOf(mail.text)).toEqual(expect.arrayContaining(['> Nice shop', `> ${PAYLOAD}`, '> <script>x</script>']));
    const payloadLines = unquotedLines(mail.text).filter((line) => line.includes('evil.example'));
    expect(payloadLines).toEqual([`From: Dana ${PAYLOAD} <dana@example.com>`, `Widget: Shop ${PAYLOAD}`]);
  });

  test("a widget's name with a line break stays on one line in the subject and in Tellbox's sentence", () => {
    const mail = instantAlertMail('Shop\nTellbox: urgent', { ...content, listed: [], unlisted: 1 });
    expect(mail.subject).toBe('1 new feedback message on Shop Tellbox: urgent');
    expect(linesOf(mail.text)).toContain('Your widget "Shop Tellbox: urgent" received 1 new message.');
  });
});
