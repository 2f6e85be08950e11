/**
 * The console in desktop mode (issue 7): the same build with `window.tellbox` present, here a fake
 * DesktopBridge put in the page before it loads. The fake's state (its "keychain", the server URL)
 * lives in the test, so it outlives reloads and every call is recorded. Against the real server.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { ServerUrlResult, TokenStoreResult } from '../../../src/shared/desktop-bridge';
import { createOwner, createWidget, type TestOwner } from '../../helpers/factories';
import {
  acceptCookiesUpFront,
  expect,
  expectNoHorizontalScroll,
  expectToast,
  test,
  uniqueEmail,
  waitForRouteDrawn,
  type Console,
} from './fixtures';

interface FakeDesktop {
  serverUrl: string | null;
  /** The fake keychain. */
  token: string | null;
  openExternalAnswer: boolean;
  /** What setToken answers: the keychain, or memory only with the main process's message. */
  tokenStore: TokenStoreResult;
  calls: { method: string; args: unknown[] }[];
}

interface FakeWindow {
  tellboxFakeCall(method: string, args: unknown[]): Promise<unknown>;
  /** Clicks a notification: calls every subscribed callback with `route`; answers how many there are. */
  tellboxClickNotification(route: unknown): number;
  tellbox?: unknown;
}

/** Does what the main process does with a server URL: parse it, then `GET <origin>/api/health`. */
async function checkServer(desktop: FakeDesktop, input: string): Promise<ServerUrlResult> {
  let origin: string;
  try {
    origin = new URL(input).origin;
  } catch {
    return { ok: false, message: 'Enter a full address, such as https://tellbox.example.com.' };
  }
  try {
    const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(3000) });
    if (((await response.json()) as { status?: string }).status === 'ok') {
      desktop.serverUrl = origin;
      return { ok: true, url: origin };
    }
  } catch {
    // answered below
  }
  return { ok: false, message: `No Tellbox server answered at ${origin}.` };
}

/** Puts a fake DesktopBridge in `page` (every load), backed by `desktop`. */
async function installFakeBridge(page: Page, desktop: FakeDesktop): Promise<void> {
  await page.exposeFunction('tellboxFakeCall', async (method: string, args: unknown[]) => {
    desktop.calls.push({ method, args });
    switch (method) {
      case 'getToken':
        return desktop.token;
      case 'setToken':
        desktop.token = String(args[0]);
        return desktop.tokenStore;
      case 'clearToken':
        desktop.token = null;
        return undefined;
      case 'getServerUrl':
        return desktop.serverUrl;
      case 'setServerUrl':
        return checkServer(desktop, String(args[0]));
      case 'openExternal':
        return desktop.openExternalAnswer;
      default:
        throw new Error(`not a bridge method: ${method}`);
    }
  });
  await page.addInitScript(() => {
    const page = window as unknown as FakeWindow;
    const call = (method: string, ...args: unknown[]) => page.tellboxFakeCall(method, args);
    const listeners = new Set<(route: unknown) => void>();
    page.tellbox = {
      getToken: () => call('getToken'),
      setToken: (token: string) => call('setToken', token),
      clearToken: () => call('clearToken'),
      getServerUrl: () => call('getServerUrl'),
      setServerUrl: (url: string) => call('setServerUrl', url),
      openExternal: (url: string) => call('openExternal', url),
      onNotificationClick: (callback: (route: unknown) => void) => {
        listeners.add(callback);
        return () => listeners.delete(callback);
      },
    };
    page.tellboxClickNotification = (route) => {
      listeners.forEach((listener) => listener(route));
      return listeners.size;
    };
  });
}

const calls = (desktop: FakeDesktop, method: string) => desktop.calls.filter((c) => c.method === method);

/** A confirmed owner who has not logged in anywhere in the browser yet. */
function newOwner(tellbox: Console): Promise<TestOwner> {
  return createOwner(tellbox.server, tellbox.api, { email: uniqueEmail('desktop') });
}

async function logInThroughForm(page: Page, owner: TestOwner): Promise<void> {
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${owner.name}` })).toBeVisible();
}

/** Everything the page keeps in the browser profile: storage, cookies, IndexedDB names. */
async function browserKept(page: Page, context: BrowserContext): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const dump = (store: Storage) => Object.entries({ ...store }).map(([key, value]) => `${key}=${value}`);
    const databases = await indexedDB.databases();
    return [
      ...dump(localStorage),
      ...dump(sessionStorage),
      `cookie=${document.cookie}`,
      ...databases.map((db) => `idb=${db.name}`),
    ];
  });
  const cookies = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`);
  return [...inPage, ...cookies].join('\n');
}

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

function desktopOn(tellbox: Console): FakeDesktop {
  return {
    serverUrl: tellbox.server.url,
    token: null,
    openExternalAnswer: true,
    tokenStore: { stored: 'keychain' },
    calls: [],
  };
}

test('in the browser there is no server screen: /setup-server goes to the landing page', async ({ page, open }) => {
  await open('/setup-server');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Connect to your Tellbox server' })).toHaveCount(0);
});

test('login keeps the token in the keychain only; a reload restores it from there; logout clears it', async ({
  page,
  context,
  open,
  tellbox,
}) => {
  const owner = await newOwner(tellbox);
  const desktop = desktopOn(tellbox);
  await installFakeBridge(page, desktop);
  await open('/login');
  await logInThroughForm(page, owner);

  // The keychain got the session's token, as the console sends it…
  await expect.poll(() => calls(desktop, 'setToken').length).toBe(1);
  const stored = String(calls(desktop, 'setToken')[0]?.args[0]);
  expect(stored).toMatch(/^Bearer \S{20,}$/);
  const bare = stored.slice('Bearer '.length);
  expect((await tellbox.api.get('/api/user', { token: bare })).status).toBe(200);
  // …and nothing else holds it: not localStorage, sessionStorage, cookies nor IndexedDB.
  const kept = await browserKept(page, context);
  expect(kept).not.toContain(bare);
  expect(kept).toContain('user=');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A reload (the app started again) reads the token from the keychain.
  const reads = calls(desktop, 'getToken').length;
  await page.reload();
  await waitForRouteDrawn(page);
  await expect(page.getByRole('heading', { name: `Welcome, ${owner.name}` })).toBeVisible();
  expect(calls(desktop, 'getToken').length).toBe(reads + 1);
  expect(await browserKept(page, context)).not.toContain(bare);

  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => calls(desktop, 'clearToken').length).toBe(1);
  expect(desktop.token).toBeNull();
  await open('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('without a keychain the owner is told so, and the session still works', async ({ page, open, tellbox }) => {
  const owner = await newOwner(tellbox);
  const message = 'The system keychain is unavailable: you stay logged in until you close Tellbox.';
  const desktop: FakeDesktop = { ...desktopOn(tellbox), tokenStore: { stored: 'memory', message } };
  await installFakeBridge(page, desktop);
  await open('/login');
  await logInThroughForm(page, owner);
  await expectToast(page, 'Keychain unavailable', message);
  await page.getByRole('link', { name: 'My Widgets' }).click();
  await expect(page.getByRole('heading', { name: 'My Widgets' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('first run: every route shows the server screen until the app accepted a server', async ({
  page,
  open,
  tellbox,
}) => {
  const desktop = { ...desktopOn(tellbox), serverUrl: null };
  await installFakeBridge(page, desktop);
  await open('/dashboard');
  await expect(page).toHaveURL(/\/setup-server$/);
  await expect(page.getByRole('heading', { name: 'Connect to your Tellbox server' })).toBeVisible();
  const field = page.getByLabel('Server address');
  await expect(field).toHaveAttribute('placeholder', 'https://tellbox.example.com');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page, '/setup-server at 375 px');

  // Nothing answers on port 9 of this machine: the bridge's message shows under the field.
  await field.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText('No Tellbox server answered at http://127.0.0.1:9.');
  await expect(page).toHaveURL(/\/setup-server$/);
  expect(desktop.serverUrl).toBeNull();

  await field.fill(`${tellbox.server.url}/`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Tellbox' })).toBeVisible();
  expect(desktop.serverUrl).toBe(tellbox.server.url);

  // Kept by the app: the next start goes straight on.
  await open('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Tellbox' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the settings show the Tellbox server; Change logs out of it and leads to the server screen', async ({
  page,
  open,
  tellbox,
}) => {
  const owner = await newOwner(tellbox);
  const desktop = desktopOn(tellbox);
  await installFakeBridge(page, desktop);
  await open('/login');
  await logInThroughForm(page, owner);

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Tellbox server' }) });
  await expect(card.getByText(tellbox.server.url, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change server' }).click();
  await expect(page).toHaveURL(/\/setup-server$/);
  await expect(page.getByLabel('Server address')).toHaveValue(tellbox.server.url);
  await expect.poll(() => calls(desktop, 'clearToken').length).toBe(1);
  expect(desktop.token).toBeNull();

  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('in the browser the settings have no Tellbox server card', async ({ page, open, signIn }) => {
  await signIn();
  await open('/settings/profile');
  await expect(page.getByRole('heading', { name: 'Name and email' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tellbox server' })).toHaveCount(0);
});

test('a notification click opens the widget’s feedback; a crafted route does nothing', async ({
  page,
  open,
  tellbox,
}) => {
  const owner = await newOwner(tellbox);
  const widget = await createWidget(tellbox.api, owner, { name: 'Docs site' });
  const desktop = desktopOn(tellbox);
  await installFakeBridge(page, desktop);
  const offsite: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(tellbox.server.url)) offsite.push(request.url());
  });
  await open('/login');
  await logInThroughForm(page, owner);

  const entries = () => page.evaluate(() => window.history.length);
  const before = await entries();
  // Any script the page asks for from now on: a route the app took would load its screen's code.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const click = (route: unknown) =>
    page.evaluate((r) => (window as unknown as FakeWindow).tellboxClickNotification(r), route);
  expect(await click('https://evil.example')).toBe(1);
  await click('https://evil.example/feedback?widget=1');
  await click('//evil.example/feedback');
  await click('/settings');
  await click({ url: 'https://evil.example' });
  // The router starts a navigation in the click's own task: to a screen whose code is loaded it
  // arrives within that task (history and URL show it), else its code is requested then. A marker
  // request made in a later task reaches Playwright after any such request: nothing is left to wait for.
  const marker = page.waitForRequest((request) => request.url().endsWith('/api/health?e2e-marker'));
  await page.evaluate(() => setTimeout(() => void fetch('/api/health?e2e-marker')));
  await marker;
  expect(scripts).toEqual([]);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await entries()).toBe(before);

  await click(`/feedback?widget=${widget._id}`);
  await expect(page).toHaveURL(new RegExp(`/feedback\\?widget=${widget._id}$`));
  await expect(page.getByRole('heading', { name: 'Feedback', exact: true })).toBeVisible();
  expect(await entries()).toBe(before + 1);
  expect(offsite).toEqual([]);
});

test('Continue to Payment opens the checkout in the system browser, not in a new window', async ({
  page,
  context,
  open,
  tellbox,
}) => {
  const owner = await newOwner(tellbox);
  const desktop = desktopOn(tellbox);
  await installFakeBridge(page, desktop);
  const popups: Page[] = [];
  context.on('page', (opened) => popups.push(opened));
  await open('/login');
  await logInThroughForm(page, owner);

  await open('/checkout?plan=pro');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect.poll(() => calls(desktop, 'openExternal').length).toBe(1);
  const url = String(calls(desktop, 'openExternal')[0]?.args[0]);
  expect(url).toMatch(new RegExp(`^${tellbox.server.url}/test-checkout/cs_test_[\\w-]+$`));
  // It is the checkout itself (what the system browser would show).
  expect(await (await fetch(url)).text()).toContain('Test mode — no charge');
  await expect(page.getByText('Taking you to your settings...')).toBeVisible();
  expect(popups).toEqual([]);
  expect(context.pages()).toHaveLength(1);
});

test('a checkout URL the app refuses is said, and the page stays usable', async ({ page, open, tellbox }) => {
  const owner = await newOwner(tellbox);
  const desktop = { ...desktopOn(tellbox), openExternalAnswer: false };
  await installFakeBridge(page, desktop);
  await open('/login');
  await logInThroughForm(page, owner);

  await open('/checkout?plan=pro');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expectToast(page, 'Link not opened', 'The app opens only secure web addresses in your browser.');
  await expectToast(page, 'Checkout failed', 'There was an error creating the checkout session.');
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  await expect(page.getByText('Taking you to your settings...')).toHaveCount(0);
});

test('back in the window after paying in the browser, the plan and its limits follow on any screen', async ({
  page,
  open,
  tellbox,
}) => {
  const owner = await newOwner(tellbox);
  await createWidget(tellbox.api, owner);
  const desktop = desktopOn(tellbox);
  await installFakeBridge(page, desktop);
  await open('/login');
  await logInThroughForm(page, owner);
  const limitCard = page.getByRole('heading', { name: 'Limit reached' });
  await expect(limitCard).toBeVisible();
  // Every read of the plan from now on: none may come before the window has the focus again
  // (the login's own read went out before the dashboard showed).
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/subscription')) reads.push(request.method());
  });

  // The owner pays in the system browser: the test-mode checkout, confirmed.
  const checkout = await tellbox.api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan: 'pro' },
    { token: owner.token },
  );
  const sessionId = new URL(checkout.body.url).pathname.split('/').pop() ?? '';
  const confirmed = await tellbox.api.post(`/api/subscription/test-checkout/${sessionId}/complete`, undefined, {
    headers: { Accept: 'application/json' },
  });
  expect(confirmed.status).toBe(200);
  // Nothing told the window yet: no read of the plan, the card still up.
  expect(reads).toEqual([]);
  await expect(limitCard).toBeVisible();

  // Back in the app window: focus and visibilitychange together, one subscription read.
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(limitCard).toHaveCount(0);
  expect(reads).toEqual(['GET']);
});
