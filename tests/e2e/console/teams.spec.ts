/**
 * Tellbox for teams, in the console, with the invitation mailed through a real SMTP server: an
 * owner invites a teammate from Settings › Team; the teammate opens the link from the mail, signs
 * up on the invite page (no confirmation mail: the link proves the address), lands in the
 * workspace's inbox, triages an entry, assigns it to themselves and finds it under "Assigned to
 * me"; the owner reads it all in the activity log. A viewer, who already had an account and was
 * signed in as someone else when the link opened, signs out, logs in, joins, and is offered no
 * action the role cannot take, with the reason where one is missing; switching to their own
 * workspace brings the owner's screens back and nothing of the team's data.
 */
import type { Browser, Page } from '@playwright/test';
import type { Widget, WorkspaceListResponse } from '../../../src/shared/api';
import { createOwner, createWidget, validFeedback } from '../../helpers/factories';
import { linkIn } from '../../helpers/mailbox';
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

const ORIGIN = 'https://shop.example.com';
const TEAM_NAME = 'Northwind Support';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** What a visitor's widget sends: the public API, from the owner's site. */
async function sendFeedback(tellbox: Console, widget: Widget, message: string) {
  const response = await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }), {
    headers: { Origin: ORIGIN },
  });
  expect(response.status, response.text).toBe(201);
}

/** A second person's browser: its own storage, the console project's settings. */
async function openBrowserOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce', timezoneId: 'UTC', locale: 'en-US' });
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  return page;
}

/** Picks `option` in the antd select labelled `label`, inside `scope`. */
async function choose(page: Page, label: string, option: string, scope = page.locator('body')) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** The link of the invitation mailed to `email`, checked to be the invite page of this server. */
async function invitationLink(tellbox: Console, email: string): Promise<string> {
  const mail = await tellbox.mailbox.waitFor(email, (message) => message.subject.includes('invited'));
  const link = linkIn(mail);
  expect(link.startsWith(`${tellbox.server.url}/invite?token=`), link).toBe(true);
  return link;
}

const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace: / });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/**
 * The switcher names the workspace on screen and the role in it ("Workspace: Acme, Owner"; the
 * name and the role are lines of their own, so a space may come before the comma).
 */
async function expectWorkspace(page: Page, name: string, role: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(switcher(page)).toHaveAccessibleName(new RegExp(`^Workspace: ${escaped}\\s?, ${role}$`));
}

test('an owner invites a teammate by e-mail, who signs up from the link, joins, triages and assigns', async ({
  page,
  browser,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(90_000);
  const owner = await signIn({ plan: 'pro', name: 'Olivia Owner' });
  const widget = await createWidget(tellbox.api, owner);
  await sendFeedback(tellbox, widget, 'The checkout button does nothing on Safari');

  // The owner names the workspace and invites a teammate from Settings › Team.
  await open('/settings/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.locator('.tb-team-seats')).toHaveText('1 of 10 members');
  const name = page.getByRole('form', { name: 'Workspace name' }).getByLabel('Name');
  await name.fill(TEAM_NAME);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Workspace renamed');
  await expectWorkspace(page, TEAM_NAME, 'Owner');

  const teammate = uniqueEmail('teammate');
  const invite = page.getByRole('form', { name: 'Invite a teammate' });
  await invite.getByLabel('Invite by e-mail').fill(teammate);
  await expect(invite.getByRole('combobox', { name: 'Role' })).toBeVisible();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, 'Invitation sent');
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem').filter({ hasText: teammate })).toContainText('Invited');
  await expect(page.locator('.tb-team-seats')).toHaveText('2 of 10 members · 1 invited');

  // The teammate opens the link from the mail, in a browser of their own, and signs up there.
  const link = await invitationLink(tellbox, teammate);
  const mate = await openBrowserOf(browser);
  await mate.goto(link);
  await waitForRouteDrawn(mate);
  await expect(mate.getByRole('heading', { name: `Join ${TEAM_NAME}` })).toBeVisible();
  await expect(mate.getByText(`You are invited to join ${TEAM_NAME} on Tellbox as a member.`)).toBeVisible();
  const signup = mate.getByRole('form', { name: 'Create account' });
  await expect(signup.getByLabel('Email')).toHaveValue(teammate);
  await expect(signup.getByLabel('Email')).not.toBeEditable();
  await signup.getByLabel('Name').fill('Tom Teammate');
  await signup.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await signup.getByLabel('Confirm Password').fill('correct horse battery');
  await signup.getByRole('button', { name: 'Create account and join' }).click();

  // In the workspace's inbox, as a member.
  await expect(mate).toHaveURL(/\/feedback$/);
  await expectToast(mate, `Welcome to ${TEAM_NAME}`, 'You joined as a member.');
  await expectWorkspace(mate, TEAM_NAME, 'Member');
  const inboxRows = mate.getByRole('list', { name: 'Feedback' }).getByRole('listitem');
  const row = inboxRows.filter({ hasText: 'The checkout button does nothing on Safari' });
  await expect(row).toBeVisible();

  // Triage: in progress, and assigned to themselves, in the entry opened beside the list.
  await row.getByRole('link').click();
  const details = mate.getByRole('region', { name: 'Feedback details' });
  await choose(mate, 'Status', 'In progress', details);
  await expectToast(mate, '1 feedback marked in progress');
  await choose(mate, 'Assignee', 'Tom Teammate (you)', details);
  await expectToast(mate, 'Assigned to you');

  // "Assigned to me" lists it, with its assignee, in the In progress tab.
  await mate.getByRole('tab', { name: /^In progress\b/ }).click();
  await mate.getByText('Assigned to me', { exact: true }).click();
  await expect(mate).toHaveURL(/assignee=me/);
  const mine = inboxRows;
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('The checkout button does nothing on Safari');
  await expect(mine.getByTitle('Assigned to you')).toBeVisible();
  await expect(mate.getByRole('tab', { name: /^In progress\b/ })).toHaveAccessibleName('In progress 1');
  await mate.context().close();

  // The owner sees the teammate in the team, and what happened in the activity log.
  await open('/settings/team');
  await expect(members.getByRole('listitem').filter({ hasText: 'Tom Teammate' })).toContainText(teammate);
  await expect(page.locator('.tb-team-seats')).toHaveText('2 of 10 members');
  await nav(page).getByRole('link', { name: 'Activity' }).click();
  const log = page.locator('.tb-activity-list');
  await expect(log.getByText('Tom Teammate joined as member')).toBeVisible();
  await expect(log.getByText(`You invited ${teammate} as member`)).toBeVisible();
  await expect(log.getByText(`You renamed the workspace to ${TEAM_NAME}`)).toBeVisible();
});

test('a viewer signs out of another account, logs in from the link and is offered no action the role cannot take', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(90_000);
  const owner = await createOwner(tellbox.server, tellbox.api, { plan: 'pro', name: 'Olivia Owner' });
  const widget = await createWidget(tellbox.api, owner);
  await sendFeedback(tellbox, widget, 'Prices should show VAT');
  const viewer = await createOwner(tellbox.server, tellbox.api, { name: 'Vera Viewer', email: uniqueEmail('viewer') });
  const invited = await tellbox.api.post(
    '/api/workspace/invitations',
    { email: viewer.email, role: 'viewer' },
    { token: owner.token },
  );
  expect(invited.status, invited.text).toBe(201);
  const link = await invitationLink(tellbox, viewer.email);

  // The link opens where someone else is signed in: the page says so, and offers to sign out.
  const someoneElse = await signIn({ name: 'Sam Someone' });
  await page.goto(link);
  await waitForRouteDrawn(page);
  await expect(page.getByText(`You are signed in as ${someoneElse.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('tab', { name: 'Log in' }).click();
  const login = page.getByRole('form', { name: 'Log in' });
  await expect(login.getByLabel('Email')).toHaveValue(viewer.email);
  await login.getByLabel('Password').fill(viewer.password);
  await login.getByRole('button', { name: 'Log in and join' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expectToast(page, 'Welcome to Olivia Owner', 'You joined as a viewer.');

  // The inbox: readable, nothing to triage, assign, export or select, and the reason said once.
  const reason = 'Triaging feedback needs the member role or higher.';
  await expect(page.getByText('Prices should show VAT')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Export/ })).toHaveCount(0);
  await expect(page.getByText('Assigned to me', { exact: true })).toHaveCount(0);
  await page.getByRole('list', { name: 'Feedback' }).getByRole('link').first().click();
  const details = page.getByRole('region', { name: 'Feedback details' });
  await expect(details.getByText(reason)).toBeVisible();
  await expect(details.getByRole('combobox')).toHaveCount(0);
  await expect(details.getByRole('textbox')).toHaveCount(0);
  await expect(details.getByRole('button', { name: /Send|Add note/ })).toHaveCount(0);

  // The sidebar leaves out what a viewer may not read; a link there says which role does.
  await expect(nav(page).getByRole('link')).toHaveText(['Dashboard', 'Feedback', 'News Posts', 'Settings', 'Support']);
  await open('/widgets');
  await expect(page.getByText('Reading widget settings needs the member role or higher.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Create New Widget|Edit|Delete/ })).toHaveCount(0);
  await open('/news');
  await expect(page.getByText('Writing news posts needs the member role or higher.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create News Post' })).toHaveCount(0);

  // No billing: the plan is read, never changed; the team says who may read it, and offers Leave.
  await open('/settings/billing');
  await expect(page.getByText('Changing the plan and billing needs the owner role.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available Plans' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Refresh status|Cancel Subscription|Upgrade/ })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByText('Reading the team needs the member role or higher.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave workspace' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invite a teammate' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page, 'Team, as a viewer, at 375 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Their own workspace: an owner again, and nothing of the team's inbox.
  await switcher(page).click();
  await page.getByRole('menuitem', { name: /Vera Viewer/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectWorkspace(page, 'Vera Viewer', 'Owner');
  await expect(nav(page).getByRole('link', { name: 'Activity' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Feedback' }).click();
  await expect(page.getByText('No feedback received yet.')).toBeVisible();
  await expect(page.getByText('Prices should show VAT')).toHaveCount(0);
  await expect(page.getByText(reason)).toHaveCount(0);

  // The choice outlives a reload.
  await page.reload();
  await waitForRouteDrawn(page);
  await expectWorkspace(page, 'Vera Viewer', 'Owner');
  const listed = await tellbox.api.get<WorkspaceListResponse>('/api/workspaces', { token: viewer.token });
  expect(listed.body.workspaces.map((workspace) => `${workspace.name} (${workspace.role})`)).toEqual([
    'Olivia Owner (viewer)',
    'Vera Viewer (owner)',
  ]);
});

test('an owner creates a workspace from the switcher, lands in it, and deletes it', async ({ page, open, signIn }) => {
  const owner = await signIn({ name: 'Olivia Owner' });
  await open('/dashboard');
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create workspace' });
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByText('Please enter a name for the workspace')).toBeVisible();
  await dialog.getByLabel('Workspace name').fill('Side Project');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expectToast(page, 'Workspace created', 'You are now in Side Project, as its owner.');
  await expectWorkspace(page, 'Side Project', 'Owner');
  await expect(page).toHaveURL(/\/dashboard$/);

  await open('/settings/team');
  const remove = page.getByRole('form', { name: 'Delete workspace' });
  await remove.getByLabel('Your current password').fill(owner.password);
  await remove.getByRole('button', { name: 'Delete workspace' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Side Project?' })
    .getByRole('button', { name: 'Delete workspace' })
    .click();
  await expectToast(page, 'Side Project deleted', 'You are now in Olivia Owner.');
  await expectWorkspace(page, 'Olivia Owner', 'Owner');
  await switcher(page).click();
  await expect(page.getByRole('menuitem', { name: /Side Project/ })).toHaveCount(0);
});

test('a link without a valid invitation says so, and signs nobody in', async ({ page, open }) => {
  await open('/invite?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This invitation is invalid or has expired. Ask for a new one.');
  await expect(page.getByRole('link', { name: 'Go to login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
