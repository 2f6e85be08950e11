/**
 * Small accessibility fixes of issue 32: no react-router warning on a console load, the upgrade at
 * a plan's limit told apart by more than its colour, and the landing FAQ's open answer without a
 * critical axe fault.
 */
import type { Page } from '@playwright/test';
import { createWidget, validPost } from '../../helpers/factories';
import { acceptCookiesUpFront, axeOn, expect, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** Every console message the page prints from now on. */
function recordConsole(page: Page): string[] {
  const printed: string[] = [];
  page.on('console', (message) => printed.push(`${message.type()}: ${message.text()}`));
  return printed;
}

test('loading the console, an owner screen or a public page, prints no HydrateFallback warning', async ({
  page,
  open,
  signIn,
}) => {
  const printed = recordConsole(page);
  await signIn();
  for (const path of ['/dashboard', '/widgets', '/news', '/login']) {
    await open(path);
    await expect(page.locator('h1').first()).toBeVisible();
  }
  expect(printed.filter((line) => /HydrateFallback/.test(line))).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`at the free limit, "Upgrade to Pro" on /widgets and /news is not told apart by colour alone (${scheme})`, async ({
    page,
    open,
    signIn,
    tellbox,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const owner = await signIn({ plan: 'free' });
    const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
    const post = await tellbox.api.post('/api/post', validPost(widget._id), { token: owner.token });
    expect(post.status, post.text).toBe(201);

    for (const [path, create] of [
      ['/widgets', 'Create New Widget'],
      ['/news', 'Create News Post'],
    ] as const) {
      await open(path);
      await expect(page.getByRole('button', { name: create })).toBeDisabled();
      const upgrade = page.getByRole('link', { name: 'Upgrade to Pro' });
      await expect(upgrade).toBeVisible();
      expect(await upgrade.evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe('underline');
      const results = await axeOn(page).withRules(['link-in-text-block']).analyze();
      expect(
        results.violations.map((violation) => violation.id),
        `${path}: link-in-text-block`,
      ).toEqual([]);
    }
  });
}

test('an open landing FAQ answer has no critical axe issue, and its question says it is open', async ({
  page,
  open,
}) => {
  await open('/');
  const faq = page.locator('#faq');
  const question = faq.getByRole('button', { name: 'Will the widget slow down my site?' });
  await question.scrollIntoViewIfNeeded();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  const answer = faq.getByRole('region', { name: 'Will the widget slow down my site?' });
  await expect(answer).toContainText('The widget is under 20KB');

  const results = await axeOn(page).include('#faq').analyze();
  const critical = results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(critical).toEqual([]);

  // One answer at a time: opening another closes the first.
  await faq.getByRole('button', { name: /What happens when I reach my plan limits/ }).click();
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();
});
