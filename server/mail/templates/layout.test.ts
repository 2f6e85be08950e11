import { describe, expect, test } from 'vitest';
import { contrastRatio } from '../../../src/shared/contrast';
import { BRAND_COLOR } from '../../../src/shared/design-tokens';
import { confirmEmailMail, passwordChangedMail, resetPasswordMail } from './account-mails';
import { paymentFailedMail } from './billing-mails';
import { MAIL_MAX_WIDTH } from './layout';

const LINK = 'http://localhost:3000/confirm-email?token=abc123';

describe('the mail layout', () => {
  const mail = confirmEmailMail(LINK);

  test("draws the button in the brand's teal with white text that reaches AA, and no blue", () => {
    const cell = /<td[^>]*bgcolor="(#[0-9a-f]{6})"[^>]*><a href="([^"]+)" style="([^"]+)"/i.exec(mail.html);
    expect(cell?.[1]).toBe(BRAND_COLOR);
    expect(cell?.[2]).toBe(LINK.replace(/&/g, '&amp;'));
    const text = /(?:^|;)color:(#[0-9a-f]{6})/i.exec(cell?.[3] ?? '')?.[1] ?? '';
    expect(text.toLowerCase()).toBe('#ffffff');
    expect(contrastRatio(text, BRAND_COLOR)).toBeGreaterThanOrEqual(4.5);
    // The old button blue, and any other blue a template might still carry.
    for (const blue of ['#3b82f6', '#1f5fd1', '#1677ff', '#2563eb'])
      expect(mail.html.toLowerCase()).not.toContain(blue);
  });

  test('fits a phone: a viewport, a card of at most 600 px that is fluid below, a long link that wraps', () => {
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(MAIL_MAX_WIDTH).toBe(600);
    expect(mail.html).toMatch(/<table[^>]*width="100%"[^>]*style="width:100%;max-width:600px;/);
    expect(mail.html).toContain('word-break:break-all');
    // Nothing is fetched when the mail opens: no image, stylesheet or web font.
    expect(mail.html).not.toMatch(/<img|<link|@import|url\(/i);
  });

  test('keeps the plain-text part: greeting, paragraphs, the link, the footnote and the sign-off', () => {
    expect(resetPasswordMail('http://x.test/reset?token=t').text).toBe(
      [
        'Hello,',
        'Someone (hopefully you) asked to reset the password of your Tellbox account.',
        'Choose a new password: http://x.test/reset?token=t',
        "The link works once and expires in 1 hour. If you didn't ask for it, ignore this e-mail: your password stays as it is.",
        '— Tellbox',
      ].join('\n\n'),
    );
    expect(passwordChangedMail().text).not.toContain('http');
  });

  test('a mail without a link has no button, and every mail uses the same layout', () => {
    const notice = paymentFailedMail();
    expect(notice.html).not.toContain('<a ');
    expect(notice.link).toBeUndefined();
    for (const html of [notice.html, passwordChangedMail().html]) {
      expect(html).toContain(`max-width:${MAIL_MAX_WIDTH}px`);
      expect(html).toContain(`color:${BRAND_COLOR}">Tellbox</td>`);
    }
  });

  test('escapes what it prints in the HTML body', () => {
    const hostile = confirmEmailMail('http://x.test/?a=1&b="><script>');
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('href="http://x.test/?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
  });
});
