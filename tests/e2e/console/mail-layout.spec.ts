/**
 * Tellbox's e-mails as a phone and a wide screen show them: each rendered mail's HTML opened in
 * Chromium (no server needed), which draws inline-styled tables much as web mail clients do.
 */
import { test, expect } from '@playwright/test';
import {
  confirmEmailMail,
  confirmNewEmailMail,
  emailChangeRequestedMail,
  invitationMail,
  passwordChangedMail,
  resetPasswordMail,
} from '../../../server/mail/templates/account-mails';
import { dailyDigestMail, instantAlertMail } from '../../../server/mail/templates/alert-mails';
import { paymentFailedMail } from '../../../server/mail/templates/billing-mails';
import { MAIL_MAX_WIDTH, type MailContent } from '../../../server/mail/templates/layout';
import { replyMail } from '../../../server/mail/templates/reply-mail';
import { webhookDisabledMail } from '../../../server/mail/templates/webhook-mails';
import { expectNoHorizontalScroll } from './fixtures';

// A real confirmation link is about this long; a longer one must wrap, not widen the mail.
const LONG_LINK = `http://localhost:3000/confirm-email?token=${'a1B2c3D4'.repeat(12)}`;

for (const width of [375, 1440]) {
  test(`the confirmation mail fits ${width} px with a large button inside the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.setContent(confirmEmailMail(LONG_LINK).html);
    await expectNoHorizontalScroll(page, `the confirmation mail at ${width}px`);

    const button = page.getByRole('link', { name: 'Confirm my e-mail' });
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    // Comfortably tappable (WCAG 2.5.5 asks for 44 × 44 CSS px).
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await expect(button).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(page.locator(`td[bgcolor]`).filter({ has: button })).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );
    await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)');

    const card = page.locator('table').nth(1);
    const cardBox = (await card.boundingBox())!;
    // As wide as the screen allows up to 600 px, centred on a wide one.
    expect(cardBox.width).toBe(Math.min(MAIL_MAX_WIDTH, width - 24));
    expect(Math.abs(cardBox.x - (width - cardBox.width) / 2)).toBeLessThanOrEqual(1);
  });
}

test('a mail without a button fits 375 px too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.setContent(paymentFailedMail().html);
  await expect(page.getByText("We couldn't charge your card")).toBeVisible();
  await expectNoHorizontalScroll(page, 'the payment-failed mail at 375px');
});

// Long data of every kind a mail carries: links, URLs, addresses and names without a space to
// break at, and typed messages of one endless word.
const LONG_WORD = 'Supercalifragilistic'.repeat(8);
const LONG_PAGE = `https://shop.northwind-outfitters-international.example.com/${'checkout-step/'.repeat(10)}?utm_source=${'x'.repeat(60)}`;
const LONG_ADDRESS = `${'very.long.name'.repeat(5)}@${'subdomain.'.repeat(5)}example.com`;
const LONG_NAME = `Northwind${'Outfitters'.repeat(6)}`;
const alertFeedback = (index: number) => ({
  message: `${LONG_WORD} ${index}\n${'Another line of the visitor’s message. '.repeat(8)}`,
  pageUrl: LONG_PAGE,
  authorName: LONG_NAME,
  authorEmail: LONG_ADDRESS,
  widgetName: LONG_NAME,
});
const alertContent = {
  listed: [alertFeedback(1), alertFeedback(2)],
  unlisted: 12,
  hidden: 3,
  inboxUrl: `http://localhost:3000/feedback?widget=${'w'.repeat(40)}`,
  unsubscribeUrl: `http://localhost:3000/api/public/unsubscribe?token=${'u1V2w3X4'.repeat(12)}`,
  settingsUrl: 'http://localhost:3000/settings',
};

/** Every mail Tellbox sends, each with the longest data it may carry. */
const EVERY_MAIL: [string, MailContent][] = [
  ['confirm e-mail', confirmEmailMail(LONG_LINK)],
  ['reset password', resetPasswordMail(LONG_LINK)],
  ['password changed', passwordChangedMail()],
  ['confirm new e-mail', confirmNewEmailMail(LONG_LINK)],
  ['e-mail change requested', emailChangeRequestedMail(LONG_ADDRESS)],
  ['invitation', invitationMail(LONG_LINK)],
  ['instant alert', instantAlertMail(LONG_NAME, alertContent)],
  ['daily digest', dailyDigestMail(alertContent)],
  ['payment failed', paymentFailedMail()],
  [
    'webhook disabled',
    webhookDisabledMail(`https://hooks.example.com/${'a1b2c3'.repeat(30)}`, 'http://localhost:3000/webhooks'),
  ],
  [
    'reply',
    replyMail({
      reply: `${LONG_WORD}\nThanks for telling us: it is fixed now.`,
      ownerName: LONG_NAME,
      workspace: { name: LONG_NAME, color: '#1E3A8A' },
      original: { message: LONG_WORD, pageUrl: LONG_PAGE, createdAt: '2030-05-10T09:00:00.000Z' },
    }),
  ],
];

for (const [name, mail] of EVERY_MAIL) {
  test(`the ${name} mail fits 375 px with long data, every word inside the card`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.setContent(mail.html);
    await expectNoHorizontalScroll(page, `the ${name} mail at 375px`);
    const card = page.locator('table').nth(1);
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.x).toBeGreaterThanOrEqual(0);
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(375);
    // No text runs out of its card (overflow hidden by a client would cut it instead).
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('p, div, a, td')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent?.slice(0, 40)),
    );
    expect(overflowing).toEqual([]);
  });
}

test("the reply mail opens with the workspace's name on the widget's colour, readable at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const mail = EVERY_MAIL.find(([name]) => name === 'reply')![1];
  await page.setContent(mail.html);
  const band = page.locator('td[bgcolor="#1e3a8a"]');
  await expect(band).toContainText(LONG_NAME);
  await expect(band).toContainText('via Tellbox');
  await expect(band).toHaveCSS('background-color', 'rgb(30, 58, 138)');
  await expect(band).toHaveCSS('color', 'rgb(255, 255, 255)');
  const bandBox = (await band.boundingBox())!;
  expect(bandBox.x + bandBox.width).toBeLessThanOrEqual(375);
});
