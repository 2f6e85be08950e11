/**
 * Settings in sections (docs/product.md §2): each section at its own address, with its heading,
 * its tab title and the section nav marking it current; `/settings` and the old single page's
 * links landing on the right section; the Danger zone last on its page; and a member who sees
 * only what the role allows.
 */
import type { Page } from '@playwright/test';
import type { WorkspaceResponse } from '../../../src/shared/api';
import { createOwner, type TestOwner } from '../../helpers/factories';
import { linkIn } from '../../helpers/mailbox';
import {
  acceptCookiesUpFront,
  expect,
  expectNoHorizontalScroll,
  signInAs,
  test,
  uniqueEmail,
  type Console,
} from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

const SECTIONS = [
  { path: '/settings/profile', heading: 'Profile', title: 'Profile · Settings · Tellbox' },
  { path: '/settings/security', heading: 'Security', title: 'Security · Settings · Tellbox' },
  { path: '/settings/team', heading: 'Team', title: 'Team · Settings · Tellbox' },
  { path: '/settings/billing', heading: 'Plan & billing', title: 'Plan & billing · Settings · Tellbox' },
  { path: '/settings/alerts', heading: 'Alerts', title: 'Alerts · Settings · Tellbox' },
] as const;

const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

/** The one link the section nav marks as the page on screen. */
async function expectCurrent(page: Page, label: string) {
  await expect(sectionNav(page).locator('[aria-current="page"]')).toHaveText([label]);
}

/** Whether the element at `last` is the last block of its section's page, its top below every other's bottom. */
async function isLastOnPage(page: Page, last: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const zone = document.querySelector(selector);
    const body = zone?.parentElement;
    if (!zone || !body) return false;
    const top = zone.getBoundingClientRect().top;
    const others = [...body.children].filter((child) => child !== zone);
    return body.lastElementChild === zone && others.every((child) => child.getBoundingClientRect().bottom <= top);
  }, last);
}

test('every section has its own address, heading and tab title, and the nav marks it current', async ({
  page,
  open,
  signIn,
}) => {
  await signIn();
  for (const section of SECTIONS) {
    await open(section.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.heading);
    await expect(page).toHaveTitle(section.title);
    await expectCurrent(page, section.heading);
  }
  // The nav lists them in the order Profile → Alerts, and moves between them without a reload.
  await expect(sectionNav(page).getByRole('link')).toHaveText(SECTIONS.map((section) => section.heading));
  await page.evaluate(() => (document.documentElement.dataset.sameDocument = 'yes'));
  await sectionNav(page).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security');
  await expectCurrent(page, 'Security');
  await expect(page.locator('html')).toHaveAttribute('data-same-document', 'yes');

  // On a phone the nav is a row above the section that wraps: every section is in sight, none off to the side.
  await page.setViewportSize({ width: 375, height: 800 });
  await open('/settings/alerts');
  for (const section of SECTIONS) {
    await expect(sectionNav(page).getByRole('link', { name: section.heading })).toBeInViewport({ ratio: 1 });
  }
  await expectNoHorizontalScroll(page, 'Alerts at 375 px');
});

test('/settings lands on Profile; a link to a part of the old single page lands on its section', async ({
  page,
  open,
  signIn,
}) => {
  await signIn();
  await open('/settings');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expectCurrent(page, 'Profile');

  await open('/settings#notifications');
  await expect(page).toHaveURL(/\/settings\/alerts$/);
  await expect(page.getByRole('form', { name: 'Notifications' })).toBeVisible();
  await open('/settings#plans');
  await expect(page).toHaveURL(/\/settings\/billing$/);

  // The redirect replaces /settings in history: Back leaves Settings rather than bounce into it.
  await open('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the Danger zone comes last on Profile and on Team, below everything else', async ({ page, open, signIn }) => {
  await signIn();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await open('/settings/profile');
    const zone = page.getByRole('region', { name: 'Danger zone' });
    await expect(zone.getByRole('button', { name: 'Delete Account' })).toBeVisible();
    // Nothing else on the page deletes anything, and the Profile form comes first.
    await expect(page.getByRole('button', { name: 'Delete Account' })).toHaveCount(1);
    expect(await isLastOnPage(page, '.tb-danger-zone'), `Profile at ${width} px`).toBe(true);

    await open('/settings/team');
    await expect(zone.getByRole('form', { name: 'Delete workspace' })).toBeVisible();
    expect(await isLastOnPage(page, '.tb-danger-zone'), `Team at ${width} px`).toBe(true);
  }
  // Security, Plan & billing and Alerts have nothing that cannot be undone.
  for (const path of ['/settings/security', '/settings/billing', '/settings/alerts']) {
    await open(path);
    await expect(page.getByRole('region', { name: 'Danger zone' })).toHaveCount(0);
  }
});

/** `owner` invites a new account as a member by e-mail; it joins from the mailed link. */
async function addMember(tellbox: Console, owner: TestOwner): Promise<TestOwner> {
  const email = uniqueEmail('member');
  const sent = await tellbox.api.post('/api/workspace/invitations', { email, role: 'member' }, { token: owner.token });
  expect(sent.status, sent.text).toBe(201);
  const mail = await tellbox.mailbox.waitFor(email, (message) => message.subject.includes('invited'));
  const token = new URL(linkIn(mail)).searchParams.get('token') ?? '';
  const password = 'a long enough passphrase';
  const name = 'Mia Member';
  const registered = await tellbox.api.post('/api/auth/register', { name, email, password, invitationToken: token });
  expect(registered.status, registered.text).toBe(201);
  const login = await tellbox.api.post<{ id: string; token: string }>('/api/auth/login', { email, password });
  const joined = await tellbox.api.post<WorkspaceResponse>(
    '/api/invitations/accept',
    { token },
    { token: login.body.token },
  );
  expect(joined.status, joined.text).toBe(200);
  return { id: login.body.id, name, email, password, token: login.body.token };
}

test('a member sees every section, but only what the role may do in each', async ({ page, tellbox }) => {
  const owner = await createOwner(tellbox.server, tellbox.api, { name: 'Olivia Owner', email: uniqueEmail('owner') });
  const member = await addMember(tellbox, owner);
  // The member's browser, in the owner's workspace (whose id is the owner's).
  await page.addInitScript((choice) => window.localStorage.setItem('workspace', JSON.stringify(choice)), {
    accountId: member.id,
    workspaceId: owner.id,
  });
  await signInAs(page, member);
  const go = async (path: string) => {
    await page.goto(`${tellbox.server.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  };

  await go('/settings/profile');
  await expect(sectionNav(page).getByRole('link')).toHaveText(SECTIONS.map((section) => section.heading));
  // Their own account is theirs to delete, whatever their role in the workspace.
  await expect(page.getByRole('region', { name: 'Danger zone' }).getByRole('button')).toHaveText(['Delete Account']);

  // Team: the members are listed, but inviting, ownership and deleting the workspace are an admin's or owner's.
  await go('/settings/team');
  await expect(page.getByRole('button', { name: /^Workspace: / })).toHaveAccessibleName(/Olivia Owner\s?, Member$/);
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByText('Mia Member')).toBeVisible();
  await expect(members.getByText(owner.email)).toBeVisible();
  await expect(page.getByText('Managing the team needs the admin role or higher.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invite a teammate' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Transfer ownership' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Danger zone' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Delete workspace' })).toHaveCount(0);

  // Plan & billing: the plan is read, and the line says who changes it.
  await go('/settings/billing');
  await expect(page.getByText('Changing the plan and billing needs the owner role.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available Plans' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Cancel Subscription|Upgrade/ })).toHaveCount(0);

  // Alerts are each person's own.
  await go('/settings/alerts');
  await expect(page.getByRole('form', { name: 'Notifications' })).toBeVisible();
});
