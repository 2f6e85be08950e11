/**
 * The owner's alerts in the console: the Notifications card in /settings/alerts saves what the owner
 * picks in their browser's time zone, and the Webhooks screen adds an endpoint (its secret shown
 * once), sends a test event a real receiver on loopback verifies with that secret, shows the
 * attempt in the delivery log and resends it with the same `webhook-id`. A free owner is offered
 * the upgrade instead.
 */
import { Webhook } from 'standardwebhooks';
import type { NotificationSettings } from '../../../src/shared/schemas/notifications';
import { createWidget } from '../../helpers/factories';
import { answerWith, startReceiver, type Receiver } from '../../helpers/http-receiver';
import { acceptCookiesUpFront, expect, expectToast, test, waitForRouteDrawn } from './fixtures';

// The receiver is on loopback; nothing here can reach a public address.
test.use({ serverEnv: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver(answerWith(200, '{"received":true}'));
});
test.afterAll(() => receiver.close());

test.describe('in Rome', () => {
  test.use({ timezoneId: 'Europe/Rome' });

  test("the Notifications card saves a daily digest at the owner's hour, in the browser's time zone", async ({
    page,
    open,
    signIn,
    tellbox,
  }) => {
    const owner = await signIn();
    const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
    await open('/settings/alerts');
    const card = page.getByRole('form', { name: 'Notifications' });
    await expect(card.getByRole('radio', { name: 'Instant' })).toBeChecked();

    await card.getByRole('radio', { name: 'Daily digest' }).check();
    await expect(card.getByText('Your time zone: Europe/Rome')).toBeVisible();
    await card.getByLabel('Send the digest at').click();
    await page.locator('.ant-select-item-option[title="7:00 AM"]').click();
    await card.getByRole('radio', { name: 'Only the widgets I choose' }).check();
    await card.getByRole('combobox').last().click();
    await page.locator('.ant-select-item-option[title="Shop"]').click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Notification settings saved');

    const saved = await tellbox.api.get<NotificationSettings>('/api/notifications', { token: owner.token });
    expect(saved.body).toEqual({ email: { mode: 'daily', hour: 7, timeZone: 'Europe/Rome', widgetIds: [widget._id] } });
    await page.reload();
    await waitForRouteDrawn(page);
    await expect(
      page.getByRole('form', { name: 'Notifications' }).getByRole('radio', { name: 'Daily digest' }),
    ).toBeChecked();
  });
});

test('add a webhook, copy its secret once, send a test the receiver verifies, and resend it from the log', async ({
  page,
  context,
  open,
  signIn,
  tellbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tellbox.server.url });
  await signIn({ plan: 'pro' });
  await open('/webhooks');
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add your first webhook' }).click();
  const form = page.getByRole('dialog', { name: 'Add Webhook' });
  const url = `${receiver.origin}/tellbox`;
  await form.getByLabel('URL').fill(url);
  await form.getByRole('button', { name: 'Add Webhook' }).click();

  const shown = page.getByRole('dialog', { name: 'Webhook added: copy its signing secret' });
  const secret = (await shown.getByLabel('Signing secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole('button', { name: 'Copy secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  // Shown once: nowhere on the screen afterwards.
  await expect(page.getByText(secret)).toHaveCount(0);

  const seen = receiver.requests.length;
  await page.getByRole('button', { name: `Send test event to ${url}` }).click();
  await expect.poll(() => receiver.requests.length).toBe(seen + 1);
  const delivered = receiver.requests[seen];
  const payload = new Webhook(secret).verify(delivered?.body ?? '', delivered?.headers as Record<string, string>);
  expect(payload).toMatchObject({ type: 'webhook.test' });

  await page.getByRole('button', { name: `Delivery log of ${url}` }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  await expect(log.getByText('HTTP 200')).toBeVisible();
  await expect(log.getByText('{"received":true}')).toBeVisible();
  await log.getByRole('button', { name: /^Resend Test event of/ }).click();
  await expect.poll(() => receiver.requests.length).toBe(seen + 2);
  expect(receiver.requests[seen + 1]?.headers['webhook-id']).toBe(delivered?.headers['webhook-id']);
});

test('a free owner is offered the upgrade instead of a form that would fail', async ({ page, open, signIn }) => {
  await signIn();
  await open('/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhooks are part of the Pro and Premium plans' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Compare plans' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Webhook' })).toHaveCount(0);
});
