/**
 * When the widget must stay hidden: a site that is not an installation (docs/plans-and-billing.md, "Plans": on free,
 * one host, registered automatically, and it is taken), an unknown site key, an unreachable
 * server. Each time: no widget, exactly one console warning from Tellbox, no page error, and
 * `Tellbox.open()` is a harmless no-op.
 */
import type { Page } from '@playwright/test';
import { expect, seedWidget, test, type Probe } from './fixtures';
import { launcherOf } from './steps';

const SETTLED = 'e2e: settled';

/**
 * Loads `url`, waits for Tellbox's warning, calls `Tellbox.open()`, then lets the page run past
 * anything the widget could still do: the widget defers its own work by at most a frame and a task
 * (its launcher's unread count), so a marker logged after a frame and a task comes after any
 * further message of the widget on the same console channel.
 */
async function expectHiddenWithOneWarning(page: Page, probe: Probe, url: string, reason: RegExp) {
  const warning = page.waitForEvent('console', (message) => message.type() === 'warning');
  await page.goto(url);
  expect((await warning).text()).toMatch(reason);
  const settled = page.waitForEvent('console', (message) => message.text() === SETTLED);
  await page.evaluate(async (marker) => {
    window.Tellbox?.open();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    console.info(marker);
  }, SETTLED);
  await settled;

  await expect(page.locator('tellbox-widget')).toHaveCount(0);
  await expect(launcherOf(page)).toHaveCount(0);
  const warnings = probe.console.filter((entry) => entry.type === 'warning');
  expect(warnings).toHaveLength(1);
  expect(warnings[0]?.text).toMatch(/^Tellbox: /);
  expect(probe.pageErrors).toEqual([]);
  return probe.console.filter((entry) => entry.type === 'error');
}

test('a host that is not an installation: no widget, one warning, no error', async ({ page, tellbox, probe }) => {
  const { widget } = await seedWidget(tellbox, { plan: 'free', posts: false });
  // The free plan's one installation goes to the first site that loads the widget.
  const installed = tellbox.pages.url('shop.test', 'plain', widget.key);
  const registered = await tellbox.api.get(`/api/public/widget/${widget.key}`, {
    headers: { Origin: new URL(installed).origin },
  });
  expect(registered.status).toBe(200);

  const errors = await expectHiddenWithOneWarning(
    page,
    probe,
    tellbox.pages.url('other.test', 'plain', widget.key),
    /hidden \(403: This widget is not enabled for this website\.\)/,
  );
  // The only error line is the browser's own report of the 403 response, not from any script.
  expect(errors.map((entry) => entry.url)).toEqual([`${tellbox.server.url}/api/public/widget/${widget.key}?lang=en`]);
  expect(errors[0]?.text).toMatch(/status of 403/);

  // The installed site still shows it.
  await page.goto(installed);
  await expect(launcherOf(page)).toBeVisible();
});

test('an unknown site key: no widget, one warning, no error', async ({ page, tellbox, probe }) => {
  const errors = await expectHiddenWithOneWarning(
    page,
    probe,
    tellbox.pages.url('shop.test', 'plain', 'no-such-key'),
    /hidden \(404: Widget not found\.\)/,
  );
  expect(errors.every((entry) => /status of 404/.test(entry.text))).toBe(true);
});

test('the Tellbox server unreachable: no widget, one warning, no error', async ({ page, tellbox, probe }) => {
  const { widget } = await seedWidget(tellbox, { posts: false });
  await page.route('**/api/public/widget/**', (route) => route.abort('connectionrefused'));
  const errors = await expectHiddenWithOneWarning(
    page,
    probe,
    tellbox.pages.url('shop.test', 'strict-csp', widget.key),
    /hidden \(network error\)/,
  );
  expect(errors.every((entry) => /ERR_CONNECTION_REFUSED/.test(entry.text))).toBe(true);
});
