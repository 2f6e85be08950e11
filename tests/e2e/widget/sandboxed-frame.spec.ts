/**
 * The installation rule in a real browser: a page inside `<iframe sandbox="allow-scripts">` has an
 * opaque origin, so Chromium sends `Origin: null` for everything it fetches. On a widget installed
 * on a site, such a frame (on any other site) must get neither the widget nor a feedback through.
 */
import { TEST_HOSTS_RULE, chromiumLaunchOptions } from '../chromium';
import { expect, ownerFeedback, seedWidget, test } from './fixtures';
import { launcherOf } from './steps';

// Here every site is on 127.0.0.1, and Chromium counts an opaque frame as a public page that may
// not reach a loopback address at all: that guard is switched off, so the frame's requests reach
// the server (as they do when Tellbox is on the internet) and the server's answer is what counts.
test.use({
  launchOptions: chromiumLaunchOptions([
    TEST_HOSTS_RULE,
    '--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,LocalNetworkAccessChecks',
    // The opaque frame in the page's own process: run out of process, Playwright missed its
    // requests now and then (about 1 in 8 runs the config answer never reached waitForResponse).
    '--disable-site-isolation-trials',
  ]),
});

/** The sandboxed frame's document: the snippet, and a feedback sent straight from the frame. */
function sandboxedDocument(serverUrl: string, siteKey: string): string {
  const feedbackUrl = `${serverUrl}/api/public/widget/${siteKey}/feedback`;
  // No double quotes inside: the whole document sits in a double-quoted srcdoc attribute.
  return [
    `<script src='${serverUrl}/widget.js' data-site-key='${siteKey}' async></script>`,
    '<script>',
    `fetch('${feedbackUrl}', { method: 'POST', headers: { 'Content-Type': 'text/plain' },`,
    "  body: JSON.stringify({ message: 'from a sandboxed frame', pageUrl: 'https://other.test/' }) })",
    "  .then((answer) => parent.postMessage({ status: answer.status }, '*'),",
    "    (error) => parent.postMessage({ error: String(error) }, '*'));",
    '</script>',
  ].join('\n');
}

test('a sandboxed iframe on another site gets 403 for the config and for feedback', async ({ page, tellbox }) => {
  const { owner, widget } = await seedWidget(tellbox, { plan: 'premium', posts: false });
  // The shop installs the widget by loading it, in this same browser.
  await page.goto(tellbox.pages.url('shop.test', 'plain', widget.key));
  await expect(launcherOf(page)).toBeVisible();

  const hostUrl = `http://other.test:${tellbox.pages.port}/sandboxed.html`;
  await page.route(hostUrl, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: [
        '<!doctype html><title>Other site</title>',
        '<script>addEventListener("message", (event) => { window.__answer = event.data; });</script>',
        `<iframe sandbox="allow-scripts" srcdoc="${sandboxedDocument(tellbox.server.url, widget.key)}"></iframe>`,
      ].join('\n'),
    }),
  );
  // The frame has no `lang`: the config is asked for in the browser's language.
  const configUrl = `${tellbox.server.url}/api/public/widget/${widget.key}?lang=en-US`;
  const config = page.waitForResponse((response) => response.url() === configUrl);
  await page.goto(hostUrl);

  const configAnswer = await config;
  expect(await configAnswer.request().headerValue('origin')).toBe('null');
  expect(configAnswer.status()).toBe(403);
  const answer = await page.waitForFunction(() => (window as unknown as { __answer?: unknown }).__answer);
  expect(await answer.jsonValue()).toEqual({ status: 403 });
  await expect(page.frameLocator('iframe').locator('tellbox-widget')).toHaveCount(0);
  expect(await ownerFeedback(tellbox, owner)).toEqual([]);
});
