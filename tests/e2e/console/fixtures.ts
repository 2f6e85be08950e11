/**
 * Fixtures of the console's browser tests. Each worker runs the real Tellbox app (a temporary
 * SQLite file on 127.0.0.1) serving the built renderer from out/renderer, with its mail going to
 * a real SMTP server on loopback.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { defaultStaticPaths } from '../../../server/static/static-assets';
import { createApiClient, type ApiClient } from '../../helpers/api-client';
import { createOwner, type TestOwner } from '../../helpers/factories';
import type { PlanId } from '../../../src/shared/plans';
import { startMailbox, type Mailbox } from '../../helpers/mailbox';
import { startTestServer, type TestServer } from '../../helpers/start-server';

export interface Console {
  server: TestServer;
  mailbox: Mailbox;
  api: ApiClient;
}

export interface ConsoleFixtures {
  /** Opens a console path on the test server. */
  open: (pathAndQuery: string) => Promise<void>;
  /**
   * A fresh confirmed owner (free unless `plan` says otherwise), already logged in on `page`: the
   * session is in localStorage before the first page loads, as after a real login.
   */
  signIn: (options?: { plan?: PlanId; name?: string }) => Promise<TestOwner>;
}

export interface ConsoleWorkerOptions {
  /** More environment variables for the server (e.g. PLANS_FILE); a spec sets them with `test.use`. */
  serverEnv: Record<string, string>;
}

export const test = base.extend<ConsoleFixtures, { tellbox: Console } & ConsoleWorkerOptions>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  tellbox: [
    async ({ serverEnv }, use) => {
      const staticPaths = defaultStaticPaths();
      if (!fs.existsSync(path.join(staticPaths.rendererDir, 'index.html'))) {
        throw new Error('out/renderer/index.html is missing: run `npm run build:renderer` first');
      }
      const mailbox = await startMailbox();
      // PUBLIC_URL is the server itself: the test-mode checkout page it links to must open.
      const server = await startTestServer({ smtpUrl: mailbox.url, staticPaths, selfPublicUrl: true, env: serverEnv });
      await use({ server, mailbox, api: createApiClient(server.url) });
      await server.close();
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  open: async ({ page, tellbox }, use) => {
    await use(async (pathAndQuery) => {
      await page.goto(`${tellbox.server.url}${pathAndQuery}`);
      await waitForRouteDrawn(page);
    });
  },
  signIn: async ({ page, tellbox }, use) => {
    await use(async (options = {}) => {
      const owner = await createOwner(tellbox.server, tellbox.api, { ...options, email: uniqueEmail('owner') });
      await signInAs(page, owner);
      return owner;
    });
  },
});

/**
 * Waits until the console has drawn the route it was opened on. `page.goto` ends at the load
 * event, which may come before the route's code has arrived: a screen the build did not prerender
 * (every owner screen) is still empty then, and a prerendered one not yet hydrated (a key pressed
 * before React attaches is lost). Without this wait, a test's first 5 s expectation also paid for
 * the rest of the start (dozens of chunks from the worker's own server, the session's check, the
 * first antd render), which a busy 2-core machine stretched past 5 s (news.spec.ts and
 * public-layout.spec.ts went red so). The start now counts against the test's own timeout, as a
 * navigation does; what the test then expects of the screen still has 5 s.
 */
export async function waitForRouteDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root) return true;
    const attached = Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
    // Empty: the router still loads the route's code. Loading: the session is being restored.
    return attached && root.childElementCount > 0 && !root.querySelector('.tb-loading');
  });
}

/**
 * Logs `owner` in on `page`: the session is in localStorage before the first page loads, as
 * after a real login.
 */
export async function signInAs(page: Page, owner: TestOwner): Promise<void> {
  const session = {
    user: JSON.stringify({ id: owner.id, name: owner.name, email: owner.email }),
    token: `Bearer ${owner.token}`,
  };
  // Once per tab: a later logout must stay logged out across navigations.
  await page.addInitScript((stored) => {
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    window.localStorage.setItem('user', stored.user);
    window.localStorage.setItem('token', stored.token);
  }, session);
}

/**
 * Fails when the page scrolls sideways at its current width (every screen must fit 375 px), once
 * its layout has had the usual 5 s to follow the width: right after a resize, what measures itself
 * (the dashboard's chart follows a ResizeObserver) is still as wide as before for a frame or two.
 */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth,
        ),
      { message: `${label} scrolls sideways by (px)` },
    )
    .toBeLessThanOrEqual(0);
}

/** A fresh address per test, so parallel tests never share an account. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A tab flag (sessionStorage) that keeps acceptCookiesUpFront away: the screen shows the banner. */
export const SHOW_COOKIE_BANNER = 'e2e-show-cookie-banner';

/** Hides the cookie banner for tests about other things, as a returning visitor would. */
export async function acceptCookiesUpFront(page: Page): Promise<void> {
  await page.addInitScript((showBanner) => {
    if (window.sessionStorage.getItem(showBanner)) return;
    if (!window.localStorage.getItem('cookieConsent')) window.localStorage.setItem('cookieConsent', 'accepted');
  }, SHOW_COOKIE_BANNER);
}

export { expect };

/** Matches an element whose whole text is `text`, however its white space is laid out. */
function wholeText(text: string): RegExp {
  const escaped = text.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*${escaped.replace(/\s+/g, '\\s+')}\\s*$`);
}

/**
 * Waits for a toast (docs/product.md §8), an antd notification, with this title (and description,
 * when given), both seen in one look: a toast can be gone a moment later (after sign-up the page
 * moves on 1 s after its toast), so title and description are never looked for one after the other.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let notice = page
    .locator('.ant-notification-notice')
    .filter({ has: page.locator('.ant-notification-notice-title').getByText(title, { exact: true }) });
  if (description !== undefined) {
    notice = notice.filter({
      has: page.locator('.ant-notification-notice-description', { hasText: wholeText(description) }),
    });
  }
  await expect(
    notice.first(),
    `a toast "${title}"${description === undefined ? '' : `: "${description}"`}`,
  ).toBeVisible();
}

/**
 * Every browser dialog (alert, confirm, prompt) the page opens, dismissed and recorded: hostile
 * content shown as text must leave this empty.
 */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** The path of every request the page makes from now on, in the order the page made them. */
export function recordRequestPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/**
 * Fails if hostile markup such as `<img src=x onerror=…>` ever became an image on the page, even a
 * detached one whose onerror would still run: an image is requested as soon as it exists, and the
 * page's requests reach Playwright in the order it made them. So once an image made now (a marker,
 * of the same priority) has been requested, an image made before it has been requested too, and
 * nothing is left to wait for. `requested` comes from `recordRequestPaths`, started before the page
 * loaded.
 */
export async function expectNoImageMade(page: Page, requested: string[], src: string): Promise<void> {
  const marker = `/e2e-image-marker-${Math.random().toString(36).slice(2)}.png`;
  const markerRequested = page.waitForRequest((request) => new URL(request.url()).pathname === marker);
  await page.evaluate((url) => {
    new Image().src = url;
  }, marker);
  await markerRequested;
  expect(requested).not.toContain(new URL(src, page.url()).pathname);
}

/**
 * axe on `page`, run inside the page (`axe.run`), frames of the same origin included. The
 * package's default mode opens a second, blank page for every run to merge the frames' results,
 * which about doubled each run's time here; what it adds, frames of another origin, no screen
 * checked with axe has (the landing demo's shop frame is about:blank, of the page's origin).
 */
export const axeOn = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode();
