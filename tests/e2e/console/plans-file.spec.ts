/**
 * One plan table: a server started with a PLANS_FILE (as a self-hoster would) shows that file's
 * names, prices and limits everywhere the console talks about plans (the landing page's pricing,
 * the settings' plan cards, checkout, the Support FAQ, the widgets' usage line and limit toast),
 * the same table its 403s enforce.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VALID_WIDGET, createWidget } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, expectToast, test } from './fixtures';

/** The self-hoster's override: free is renamed and allows two widgets, pro costs more, in euros. */
const OVERRIDE = {
  free: { name: 'Starter', limits: { maxWidgets: 2 } },
  pro: { monthlyPriceCents: 949, currency: 'EUR' },
};
const plansDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-plans-file-'));
const plansFile = path.join(plansDir, 'plans.json');
fs.writeFileSync(plansFile, JSON.stringify(OVERRIDE));

test.use({ serverEnv: { PLANS_FILE: plansFile } });
test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));
test.afterAll(() => fs.rmSync(plansDir, { recursive: true, force: true }));

const LIMIT_TEXT = "You've reached the maximum number of widgets (2) for your Starter plan.";

test("the landing page's pricing shows the server's plan table", async ({ page, open }) => {
  await open('/');
  const pricing = page.locator('#pricing');
  const starter = pricing.getByRole('article', { name: 'Starter' });
  await expect(starter.getByText('Up to 2 widgets')).toBeVisible();
  const pro = pricing.getByRole('article', { name: 'Pro' });
  await expect(pro.getByText('€9.49')).toBeVisible();
  await expect(pricing.getByText('$7.99')).toHaveCount(0);
  await expect(pricing.getByRole('article', { name: 'Free' })).toHaveCount(0);
});

test("settings, checkout and the Support FAQ show the server's plan table", async ({ page, open, signIn }) => {
  await signIn();
  await open('/settings/billing');
  const yourPlan = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Your Plan' }) });
  await expect(yourPlan.getByText('Starter', { exact: true })).toBeVisible();
  await expect(yourPlan.getByRole('list', { name: 'Your plan includes' }).getByText('Up to 2 widgets')).toBeVisible();
  const available = page.getByRole('region', { name: 'Available Plans' });
  await expect(available.getByRole('article', { name: 'Starter' }).getByRole('button')).toHaveText('Your Plan');
  await expect(available.getByRole('article', { name: 'Pro' }).getByText('€9.49')).toBeVisible();
  await expect(available.getByRole('article', { name: 'Pro' }).getByRole('button')).toHaveText('Upgrade to Pro');

  await open('/checkout?plan=pro');
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(page.getByText('€9.49')).toBeVisible();

  await open('/support');
  await page.getByRole('tab', { name: 'How many widgets can I create?' }).click();
  await expect(page.getByText('It depends on your plan: Starter 2, Pro 5 and Premium unlimited.')).toBeVisible();
  await page.getByRole('tab', { name: 'What do the plans cost?' }).click();
  await expect(
    page.getByText('Starter is free, Pro costs €9.49 per month and Premium costs $13.99 per month.'),
  ).toBeVisible();
});

test("the widgets' usage line and limit toast follow the table the server enforces", async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/widgets');
  await expect(page.getByText('0 of 2 widgets used (Starter plan)')).toBeVisible();

  await createWidget(tellbox.api, owner, { name: 'First site' });
  await createWidget(tellbox.api, owner, { name: 'Second site' });
  // The server refuses a third with the same words the console uses.
  const third = await tellbox.api.post('/api/widget', { ...VALID_WIDGET, name: 'Third site' }, { token: owner.token });
  expect(third.status).toBe(403);
  expect(third.body).toEqual({ message: LIMIT_TEXT });

  // The page still counts 0: its Create is refused by the server, and the toast says why in the file's words.
  await page.getByRole('button', { name: 'Create New Widget' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Widget' });
  await form.getByLabel('Name').fill('Third site');
  await form.getByRole('button', { name: 'Create Widget' }).click();
  await expectToast(page, 'Limit reached', LIMIT_TEXT);
  await expect(page.getByText('2 of 2 widgets used (Starter plan)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Widget' })).toBeDisabled();
});
