/**
 * Every list of a new account shows its designed empty state (components/empty-state.tsx): a
 * drawing in the brand's colours (decorative, hidden from screen readers), one sentence, and one
 * primary action that works; axe finds no serious or critical violation, AA contrast included,
 * in the light and the dark scheme.
 */
import type { Locator, Page } from '@playwright/test';
import { acceptCookiesUpFront, expect, test } from './fixtures';
import { COLOR_RULES, seriousAxeViolations, settle, switchScheme } from './screens/screen-checks';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

interface EmptyList {
  screen: string;
  path: string;
  text: string;
  action: string;
  /** What the action leads to, checked once it is clicked. */
  leadsTo: (page: Page) => Locator;
}

const EMPTY_LISTS: EmptyList[] = [
  {
    screen: 'My Widgets',
    path: '/widgets',
    text: 'No widgets found. Create your first widget to get started.',
    action: 'Create your first widget',
    leadsTo: (page) => page.getByRole('dialog', { name: 'Create New Widget' }),
  },
  {
    screen: 'the inbox',
    path: '/feedback',
    text: 'No feedback received yet.',
    action: 'Get your snippet',
    leadsTo: (page) => page.getByRole('heading', { level: 1, name: 'My Widgets' }),
  },
  {
    screen: 'the inbox, searched',
    path: '/feedback?q=refund',
    text: 'No feedback matches “refund”.',
    action: 'Clear filters',
    // The search gone, the inbox says it is empty, with the way to get feedback in.
    leadsTo: (page) => page.getByRole('button', { name: 'Get your snippet' }),
  },
  {
    screen: 'News Posts',
    path: '/news',
    text: 'No news posts created yet.',
    action: 'Write your first post',
    leadsTo: (page) => page.getByRole('dialog'),
  },
  {
    screen: 'Webhooks',
    path: '/webhooks',
    text: 'No webhooks yet.',
    action: 'Add your first webhook',
    leadsTo: (page) => page.getByRole('dialog'),
  },
  {
    screen: 'Activity',
    path: '/activity',
    text: 'Nothing has happened here yet.',
    action: 'Open the inbox',
    leadsTo: (page) => page.getByRole('heading', { level: 1, name: 'Feedback' }),
  },
];

for (const list of EMPTY_LISTS) {
  test(`${list.screen}: a drawing, one sentence, one working action, axe-clean in light and dark`, async ({
    page,
    open,
    signIn,
  }) => {
    // Pro: webhooks are on the plan. A new account: every list is empty.
    await signIn({ plan: 'pro' });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await open(list.path);
    const empty = page.locator('.tb-empty').filter({ hasText: list.text });
    await expect(empty).toBeVisible();
    await expect(empty.getByText(list.text, { exact: true })).toBeVisible();

    const drawing = empty.locator('svg.tb-empty-art');
    await expect(drawing).toBeVisible();
    await expect(drawing).toHaveAttribute('aria-hidden', 'true');
    // Drawn in the theme's colours: its halo is the brand's tint, not a stock grey.
    const halo = () => drawing.locator('.tb-art-halo').evaluate((shape) => getComputedStyle(shape).fill);
    const lightHalo = await halo();
    expect(lightHalo).toBe('rgb(230, 244, 241)');

    const actions = empty.getByRole('button');
    await expect(actions).toHaveCount(1);
    await expect(actions).toHaveText(list.action);

    await settle(page);
    expect(await seriousAxeViolations(page), `${list.screen}, light`).toEqual([]);
    await switchScheme(page, 'dark');
    expect(await halo(), 'the drawing follows the dark scheme').not.toBe(lightHalo);
    expect(await seriousAxeViolations(page, COLOR_RULES), `${list.screen}, dark`).toEqual([]);

    await actions.click();
    await expect(list.leadsTo(page)).toBeVisible();
  });
}
