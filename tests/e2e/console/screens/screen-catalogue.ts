/**
 * Every screen of Tellbox's web console, as the browser tests and `npm run screenshots` visit it:
 * the public pages, and the owner's screens on an account full of realistic data, some with a
 * dialog open. Owner screens come in light and dark; the public pages are light only.
 */
import type { Page } from '@playwright/test';
import type { ColorScheme } from '../../../../src/shared/design-tokens';
import type { PlanId } from '../../../../src/shared/plans';
import { SHOW_COOKIE_BANNER, uniqueEmail, waitForRouteDrawn } from '../fixtures';

export interface Screen {
  /** A file-name-safe name. */
  name: string;
  path: string;
  /** An owner screen: needs a session, and has a dark theme. */
  owner: boolean;
  /** The owner's account as it is on the first day: nothing seeded. */
  newAccount?: boolean;
  /** The new account's plan, granted as an admin grants one; Pro unless told. */
  plan?: PlanId;
  /**
   * Brings the screen into the state worth looking at (a dialog open, say) once it is loaded; the
   * caller then waits for the screen to settle (showScreen in screen-checks.ts).
   */
  prepare?: (page: Page) => Promise<void>;
}

/** Opens a dialog (its opening animation, if any, is waited for with the rest of the screen). */
async function openDialog(page: Page, opener: RegExp | string): Promise<void> {
  await page.getByRole('button', { name: opener }).first().click();
  await page.getByRole('dialog').last().waitFor();
}

/**
 * Starts a test-mode subscription for the signed-in owner (unless it has one), as the checkout
 * page's Confirm does, then reloads: an admin-granted plan is no subscription, and has no price to change.
 */
async function subscribeInTestMode(page: Page, plan: 'pro' | 'premium'): Promise<void> {
  await page.evaluate(async (chosen) => {
    const headers = { 'Content-Type': 'application/json', Authorization: localStorage.getItem('token') ?? '' };
    // Shown at several widths on one account: subscribed once, at the first.
    const status = await fetch('/api/user/subscription', { headers });
    if (((await status.json()) as { plan: string }).plan === chosen) return;
    const started = await fetch('/api/subscription/checkout-session', {
      method: 'POST',
      headers,
      body: JSON.stringify({ plan: chosen }),
    });
    const { url } = (await started.json()) as { url: string };
    const sessionId = new URL(url).pathname.split('/').pop() ?? '';
    const completed = await fetch(`/api/subscription/test-checkout/${sessionId}/complete`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    if (!completed.ok) throw new Error(`the test checkout did not complete: ${completed.status}`);
  }, plan);
  await page.reload();
  await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Upgrade to Premium' }).waitFor();
}

export const WIDTHS = [375, 768, 1280, 1440] as const;
export const SCREENSHOT_WIDTHS = [375, 1440] as const;
/** The widths at which axe checks every screen, in both schemes. */
export const AXE_WIDTHS = [375, 1440] as const;

/** The landing's live demo loads when it nears the screen: bring it there, on the chosen side. */
async function showDemo(page: Page, side: 'Owner' | 'User'): Promise<void> {
  const demo = page.locator('#demo');
  await demo.scrollIntoViewIfNeeded();
  if (side === 'User') {
    await demo.getByRole('radio', { name: 'User' }).click();
    await page
      .locator('#demo iframe')
      .contentFrame()
      .getByRole('button', { name: /^Feedback/ })
      .waitFor();
  } else {
    await demo.getByRole('navigation', { name: 'Demo dashboard' }).waitFor();
  }
}

/** A first visit's cookie banner over the screen: no choice stored, from now on in this tab. */
async function showCookieBanner(page: Page): Promise<void> {
  await page.evaluate((showBanner) => {
    window.sessionStorage.setItem(showBanner, '1');
    window.localStorage.removeItem('cookieConsent');
  }, SHOW_COOKIE_BANNER);
  await page.reload();
  await waitForRouteDrawn(page);
  await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
}

/** Sign-up sent with every field wrong: each field's message under it. */
async function signupWithErrors(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Name').fill('J');
  await form.getByLabel('Email').fill('jane@');
  await form.getByLabel('Password', { exact: true }).fill('123');
  await form.getByLabel('Confirm Password').fill('1234');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await form.getByText('Password must be at least 6 characters').waitFor();
}

/** A login refused because the address is not confirmed yet: the warning box with its resend button. */
async function loginUnconfirmed(page: Page): Promise<void> {
  const email = uniqueEmail('unconfirmed');
  const password = 'quiet harbour lamp';
  await page.request.post(new URL('/api/auth/register', page.url()).href, {
    data: { name: 'Not Yet', email, password },
  });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await form.getByRole('button', { name: 'Resend confirmation e-mail' }).waitFor();
}

export const PUBLIC_SCREENS: Screen[] = [
  { name: 'landing', path: '/', owner: false, prepare: (page) => showDemo(page, 'Owner') },
  { name: 'landing-demo-visitor', path: '/', owner: false, prepare: (page) => showDemo(page, 'User') },
  { name: 'login', path: '/login', owner: false },
  { name: 'signup', path: '/signup', owner: false },
  {
    name: 'signup-errors-cookie-banner',
    path: '/signup',
    owner: false,
    prepare: async (page) => {
      await showCookieBanner(page);
      await signupWithErrors(page);
    },
  },
  { name: 'login-unconfirmed', path: '/login', owner: false, prepare: loginUnconfirmed },
  { name: 'forgot-password', path: '/forgot-password', owner: false },
  { name: 'reset-password', path: '/reset-password?token=not-a-real-token', owner: false },
  { name: 'email-confirmation', path: '/email-confirmation', owner: false },
  { name: 'confirm-email', path: '/confirm-email?token=not-a-real-token', owner: false },
  { name: 'contact', path: '/contact', owner: false },
  { name: 'privacy-policy', path: '/privacy-policy', owner: false },
  { name: 'terms-of-service', path: '/terms-of-service', owner: false },
  { name: 'rebrand', path: '/rebrand', owner: false },
  { name: 'unauthorized', path: '/unauthorized', owner: false },
  { name: 'invite-invalid', path: '/invite?token=not-a-real-token', owner: false },
  { name: 'not-found', path: '/no-such-page', owner: false },
];

export const OWNER_SCREENS: Screen[] = [
  { name: 'dashboard', path: '/dashboard', owner: true },
  { name: 'dashboard-new-owner', path: '/dashboard', owner: true, newAccount: true },
  {
    // The command palette (Ctrl-K) over the dashboard: the actions, the screens, the widgets and recent feedback.
    name: 'command-palette',
    path: '/dashboard',
    owner: true,
    prepare: async (page) => {
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first().waitFor();
    },
  },
  {
    name: 'command-palette-search',
    path: '/feedback',
    owner: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('combobox').fill('checkout');
      await palette.getByRole('group', { name: 'Recent feedback' }).waitFor();
    },
  },
  // Every list of a new account, empty: its drawing, its sentence and its one action.
  { name: 'widgets-empty', path: '/widgets', owner: true, newAccount: true },
  { name: 'feedback-empty', path: '/feedback', owner: true, newAccount: true },
  { name: 'news-empty', path: '/news', owner: true, newAccount: true },
  { name: 'webhooks-empty', path: '/webhooks', owner: true, newAccount: true },
  { name: 'activity-empty', path: '/activity', owner: true, newAccount: true },
  { name: 'widgets', path: '/widgets', owner: true },
  {
    name: 'widgets-edit',
    path: '/widgets',
    owner: true,
    prepare: (page) => openDialog(page, /^Edit/),
  },
  {
    name: 'widgets-create',
    path: '/widgets',
    owner: true,
    prepare: (page) => openDialog(page, 'Create New Widget'),
  },
  {
    name: 'widgets-edit-words',
    path: '/widgets',
    owner: true,
    prepare: async (page) => {
      // The Words tab, its preview in Italian with one text reworded.
      await openDialog(page, /^Edit/);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: 'Words' }).click();
      await dialog.getByLabel('Language').click();
      await page.locator('.ant-select-item-option[title="Italiano"]').click();
      await dialog.getByLabel('Dialog title').fill('Serve aiuto?');
      await dialog.getByRole('figure').getByText('Serve aiuto?', { exact: true }).waitFor();
    },
  },
  {
    name: 'widgets-edit-launcher',
    path: '/widgets',
    owner: true,
    prepare: async (page) => {
      // The Launcher tab with the launcher hidden: the own-button snippet shows.
      await openDialog(page, /^Edit/);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: 'Launcher' }).click();
      await dialog.getByRole('switch', { name: 'Hide the launcher' }).click();
      await dialog.getByLabel("Your button's snippet", { exact: true }).waitFor();
    },
  },
  {
    name: 'widgets-snippet',
    path: '/widgets',
    owner: true,
    prepare: (page) => openDialog(page, /Snippet/),
  },
  { name: 'feedback', path: '/feedback', owner: true },
  {
    // The split view with an entry open from 1 024 px; the entry alone, with Back, on a phone.
    name: 'feedback-entry',
    path: '/feedback',
    owner: true,
    prepare: async (page) => {
      await page.getByRole('list', { name: 'Feedback' }).getByRole('link').first().click();
      await page.getByRole('region', { name: 'Feedback details' }).locator('.tb-entry-message').waitFor();
      // Judged with its replies and notes, not their loading line.
      await page.getByText('Loading replies and notes...').waitFor({ state: 'detached' });
    },
  },
  { name: 'feedback-all', path: '/feedback?status=all', owner: true },
  { name: 'feedback-spam', path: '/feedback?status=spam', owner: true },
  {
    name: 'feedback-selection',
    path: '/feedback',
    owner: true,
    prepare: async (page) => {
      // Two entries ticked (rows, or cards on a phone): the bulk bar shows under them.
      const boxes = page.getByRole('checkbox', { name: /^Select feedback from/ });
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByRole('toolbar', { name: 'Selected feedback' }).waitFor();
    },
  },
  {
    name: 'feedback-keyboard',
    path: '/feedback',
    owner: true,
    // The second entry under the keyboard's focus, as j leaves it (open beside the list from 1 024 px).
    prepare: async (page) => {
      // One key at a time, as a person presses them: the second walks on from the first's entry.
      const current = page.getByRole('list', { name: 'Feedback' }).locator('[aria-current]');
      await page.keyboard.press('j');
      await current.first().waitFor();
      await page.keyboard.press('j');
      await current.filter({ hasNotText: 'Great post about packing lists' }).first().waitFor();
    },
  },
  {
    name: 'feedback-shortcuts',
    path: '/feedback',
    owner: true,
    prepare: async (page) => {
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    },
  },
  // "checkout" is in two of the seeded messages, under two statuses.
  { name: 'feedback-search', path: '/feedback?status=all&q=checkout', owner: true },
  { name: 'feedback-search-empty', path: '/feedback?q=refund&from=2026-01-01&to=2026-01-31', owner: true },
  {
    name: 'feedback-export-menu',
    path: '/feedback',
    owner: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'JSON' }).waitFor();
    },
  },
  { name: 'news', path: '/news', owner: true },
  {
    name: 'news-create',
    path: '/news',
    owner: true,
    prepare: (page) => openDialog(page, 'Create News Post'),
  },
  { name: 'webhooks', path: '/webhooks', owner: true },
  {
    name: 'webhooks-add',
    path: '/webhooks',
    owner: true,
    prepare: (page) => openDialog(page, 'Add Webhook'),
  },
  {
    name: 'webhooks-delivery-log',
    path: '/webhooks',
    owner: true,
    prepare: async (page) => {
      // The generic endpoint's log, the one with a delivered attempt (the Slack one only failed).
      await openDialog(page, /^Delivery log of https:\/\/api\.northwind/);
      // The log loads once the drawer is open: judge it with its attempts, not its spinner.
      await page.getByRole('dialog').getByText('HTTP 200').waitFor();
    },
  },
  { name: 'settings-profile', path: '/settings/profile', owner: true },
  {
    name: 'settings-delete-account',
    path: '/settings/profile',
    owner: true,
    prepare: (page) => openDialog(page, 'Delete Account'),
  },
  { name: 'settings-security', path: '/settings/security', owner: true },
  { name: 'team', path: '/settings/team', owner: true },
  { name: 'settings-billing', path: '/settings/billing', owner: true },
  {
    // The plan-change dialog with its price and prorations, over a test-mode Pro subscription.
    name: 'settings-billing-plan-change',
    path: '/settings/billing',
    owner: true,
    newAccount: true,
    plan: 'free',
    prepare: async (page) => {
      await subscribeInTestMode(page, 'pro');
      await openDialog(page, 'Upgrade to Premium');
      await page.getByRole('dialog').getByRole('table').waitFor();
    },
  },
  { name: 'settings-alerts', path: '/settings/alerts', owner: true },
  { name: 'activity', path: '/activity', owner: true },
  {
    name: 'workspace-switcher',
    path: '/dashboard',
    owner: true,
    prepare: async (page) => {
      // On a phone the switcher is in the menu's drawer.
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('button', { name: /^Workspace: / }).click();
      await page.getByRole('menuitem', { name: 'Create workspace' }).waitFor();
    },
  },
  { name: 'support', path: '/support', owner: true },
  { name: 'checkout', path: '/checkout?plan=premium', owner: true },
  { name: 'payment-success', path: '/payment-success', owner: true },
  {
    // Back from a checkout: what it started and what happens next, once the plan has been re-read.
    name: 'payment-success-confirmed',
    path: '/payment-success?session_id=cs_test_a1b2c3d4e5f6a7b8c9d0e1f2',
    owner: true,
    prepare: (page) => page.getByRole('button', { name: 'View Settings' }).waitFor(),
  },
  { name: 'payment-canceled', path: '/payment-canceled', owner: true },
];

export const ALL_SCREENS = [...PUBLIC_SCREENS, ...OWNER_SCREENS];

export function schemesOf(screen: Screen): ColorScheme[] {
  return screen.owner ? ['light', 'dark'] : ['light'];
}

/**
 * The widths a screen is checked at in a scheme. The dark theme changes colours only, never sizes,
 * so it is checked where its contrast is judged (axe's widths), and the layout in the light theme
 * at every width.
 */
export function widthsOf(scheme: ColorScheme): readonly number[] {
  return scheme === 'dark' ? AXE_WIDTHS : WIDTHS;
}
