/**
 * Warning boxes take their colours from the design tokens (src/shared/design-tokens.ts): a clear
 * amber tint, never the grey-beige antd derives, with text that meets AA in light and dark.
 */
import type { Locator } from '@playwright/test';
import { contrastRatio } from '../../../src/shared/contrast';
import { COLORS } from '../../../src/shared/design-tokens';
import { createWidget, validFeedback } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** `rgb(r, g, b)` as `#rrggbb`. */
function hex(rgb: string): string {
  const parts = rgb.match(/\d+/g)?.slice(0, 3).map(Number) ?? [];
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

/** The box's background, border and text colours: every text on the box itself (a button has its own fill). */
async function coloursOf(box: Locator) {
  return box.evaluate((element) => {
    const style = getComputedStyle(element);
    const texts = [...element.querySelectorAll('*'), element]
      .filter((node) => !node.closest('button'))
      .filter((node) => [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent?.trim()))
      .map((node) => getComputedStyle(node).color);
    return { background: style.backgroundColor, border: style.borderTopColor, texts };
  });
}

test('the inbox warning (feedback hidden by the plan) is amber with AA text, light and dark', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(60_000);
  const owner = await signIn({ plan: 'free' });
  const widget = await createWidget(tellbox.api, owner);
  // Free shows 50 a month: the 51st is hidden, and the inbox says so in a warning box.
  for (let n = 1; n <= 51; n += 1) {
    const sent = await tellbox.api.post(
      `/api/public/widget/${widget.key}/feedback`,
      validFeedback({ message: `Feedback ${n}` }),
      { headers: { Origin: 'https://shop.example.com' } },
    );
    expect(sent.status, sent.text).toBe(201);
  }

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await open('/feedback');
    const warning = page.locator('.ant-alert-warning');
    await expect(warning).toContainText('1 feedback entry is hidden');
    const colours = await coloursOf(warning);
    expect(hex(colours.background), `${scheme} background`).toBe(COLORS[scheme].warningBg);
    expect(hex(colours.border), `${scheme} border`).toBe(COLORS[scheme].warningBorder);
    expect(colours.texts.length).toBeGreaterThan(0);
    for (const text of colours.texts) {
      expect(contrastRatio(hex(text), COLORS[scheme].warningBg), `${scheme} text ${text}`).toBeGreaterThanOrEqual(4.5);
    }
  }
});

test("the login's unconfirmed-address warning is amber with AA text", async ({ page, open, tellbox }) => {
  const email = `unconfirmed-${Date.now()}@example.com`;
  const registered = await tellbox.api.post('/api/auth/register', {
    name: 'Not Yet',
    email,
    password: 'quiet harbour lamp',
  });
  expect(registered.status, registered.text).toBe(201);
  await open('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('quiet harbour lamp');
  await form.getByRole('button', { name: 'Login' }).click();
  const warning = page.locator('.tb-notice-warning');
  await expect(warning.getByRole('button', { name: 'Resend confirmation e-mail' })).toBeVisible();
  const colours = await coloursOf(warning);
  expect(hex(colours.background)).toBe(COLORS.light.warningBg);
  expect(hex(colours.border)).toBe(COLORS.light.warningBorder);
  for (const text of colours.texts) {
    expect(contrastRatio(hex(text), COLORS.light.warningBg), `text ${text}`).toBeGreaterThanOrEqual(4.5);
  }
});
