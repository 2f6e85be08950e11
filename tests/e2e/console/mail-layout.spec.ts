/**
 * Tellbox's e-mails as a phone and a wide screen show them: each rendered mail's HTML opened in
 * Chromium (no server needed), which draws inline-styled tables much as web mail clients do.
 */
import { test, expect } from '@playwright/test';
import { confirmEmailMail } from '../../../server/mail/templates/account-mails';
import { paymentFailedMail } from '../../../server/mail/templates/billing-mails';
import { MAIL_MAX_WIDTH } from '../../../server/mail/templates/layout';
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
