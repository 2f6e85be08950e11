/**
 * Fixtures of the console's browser tests. Each worker runs the real Tellbox app (a temporary
 * SQLite file on 127.0.0.1) serving the built renderer from out/renderer, with its mail going to
 * a real SMTP server on loopback.
 */
import fs from 'node:fs';
import path from 'node:path';
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
      // A prerendered page shows before its script runs, and a key pressed before React attaches
      // to it is lost (after that, React hydrates on the spot for it): act once React is there.
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
      });
    });
  },
  signIn: async ({ page, tellbox }, use) => {
    await use(async (options = {}) => {
      const owner = await createOwner(tellbox.server, tellbox.api, { ...options, email: uniqueEmail('owner') });
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
      return owner;
    });
  },
});

/** Fails when the page scrolls sideways at its current width (every screen must fit 375 px). */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth,
  );
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** A fresh address per test, so parallel tests never share an account. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Hides the cookie banner for tests about other things, as a returning visitor would. */
export async function acceptCookiesUpFront(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('cookieConsent')) window.localStorage.setItem('cookieConsent', 'accepted');
  });
}

export { expect };

/** Waits for a toast (docs/product.md §8), an antd notification, with this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const notice = page
    .locator('.ant-notification-notice')
    .filter({ has: page.locator('.ant-notification-notice-title').getByText(title, { exact: true }) });
  await expect(notice.first()).toBeVisible();
  if (description !== undefined) {
    await expect(notice.first().locator('.ant-notification-notice-description')).toHaveText(description);
  }
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
