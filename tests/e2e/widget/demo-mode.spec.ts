/**
 * The widget's demo mode (widget/README.md): with `data-demo` on its tag and `window.TellboxDemo`
 * on the page, the widget draws the page's config and hands feedback to the page, without a single
 * request to the API; without `data-demo`, the same global changes nothing.
 */
import type { PublicWidgetConfig } from '../../../src/shared/api';
import { widgetStringsFor } from '../../../src/shared/widget-language';
import { expect, test } from './fixtures';
import { dialogOf, launcherOf } from './steps';

const CONFIG: PublicWidgetConfig = {
  widget: {
    key: 'demo-key',
    position: 'bottom-left',
    color: '#0f766e',
    enabledTabs: ['feedback', 'news'],
    hideLauncher: false,
    offsetX: 20,
    offsetY: 20,
    changelogUrl: null,
  },
  lang: 'en',
  strings: widgetStringsFor('en', null, 'feedback'),
  posts: [
    {
      title: 'Free shipping weekend',
      content: 'All orders ship free.',
      icon: '🎉',
      link: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

/**
 * A page that sets `TellboxDemo` (recording what it is sent), then loads the widget; served (by
 * the test) on the widget's own origin, as Tellbox's landing page is.
 */
function demoPage(widgetSrc: string, demoAttribute: boolean): string {
  return [
    '<!doctype html><html lang="en"><title>Demo host</title>',
    '<script>',
    'window.__sent = [];',
    `window.TellboxDemo = { config: ${JSON.stringify(CONFIG)},`,
    '  send: (input) => { window.__sent.push(input); return Promise.resolve({ ok: true, status: 201 }); } };',
    '</script>',
    `<script src="${widgetSrc}" data-site-key="demo-key"${demoAttribute ? ' data-demo' : ''} async></script>`,
  ].join('\n');
}

test('demo mode: the page config draws the widget, feedback goes to the page, nothing to the API', async ({
  page,
  tellbox,
}) => {
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
  });
  const url = `${tellbox.server.url}/demo-host.html`;
  await page.route(url, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: demoPage(`${tellbox.server.url}/widget.js`, true) }),
  );
  await page.goto(url);

  const launcher = launcherOf(page);
  await expect(launcher).toBeVisible();
  // The config's position: bottom left.
  const box = await launcher.boundingBox();
  expect(box && box.x < (page.viewportSize()?.width ?? 0) / 2).toBe(true);
  await launcher.click();
  const dialog = dialogOf(page);
  await dialog.getByRole('tab', { name: 'Updates' }).click();
  await expect(dialog.getByRole('heading', { name: 'Free shipping weekend' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Feedback' }).click();
  await dialog.getByLabel('Message').fill('Shown back by the page');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');

  const sent = await page.evaluate(() => (window as unknown as { __sent: { message: string }[] }).__sent);
  expect(sent.map((input) => input.message)).toEqual(['Shown back by the page']);
  expect(apiRequests).toEqual([]);
});

test('without data-demo on the tag, a TellboxDemo global is ignored: the config comes from the API', async ({
  page,
  tellbox,
}) => {
  const url = `${tellbox.server.url}/demo-host.html`;
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: demoPage(`${tellbox.server.url}/widget.js`, false),
    }),
  );
  // In the page's language (`<html lang="en">`).
  const config = page.waitForRequest(`${tellbox.server.url}/api/public/widget/demo-key?lang=en`);
  const hidden = page.waitForEvent('console', (message) =>
    message.text().startsWith('Tellbox: the widget is hidden (404'),
  );
  await page.goto(url);
  await config;
  // No such widget on the server: hidden, as for any unknown key.
  await hidden;
  await expect(page.locator('tellbox-widget')).toHaveCount(0);
  await expect(launcherOf(page)).toHaveCount(0);
});
