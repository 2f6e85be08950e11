/**
 * The dashboard's warning while MAIL_FROM is still the default `…@localhost` (most mail servers
 * refuse such mail): owners and admins see it, other roles never, and a real sender address ends it.
 */
import type { Page } from '@playwright/test';
import type { Role } from '../../../src/shared/roles';
import { createOwner, type TestOwner } from '../../helpers/factories';
import {
  acceptCookiesUpFront,
  expect,
  expectNoHorizontalScroll,
  signInAs,
  test,
  uniqueEmail,
  type Console,
} from './fixtures';

const WARNING = 'Tellbox sends e-mail from no-reply@localhost, which most mail servers refuse';

/** The dashboard's warning note, found by its words. */
const warning = (page: Page) => page.getByRole('note').filter({ hasText: 'Tellbox sends e-mail from' });

/** `page` signed in as a new account with `role` in a new owner's workspace. */
async function signInWithRole(page: Page, tellbox: Console, role: Role): Promise<TestOwner> {
  const owner = await createOwner(tellbox.server, tellbox.api, { email: uniqueEmail('owner') });
  if (role === 'owner') {
    await signInAs(page, owner);
    return owner;
  }
  const person = await createOwner(tellbox.server, tellbox.api, { name: `Pat ${role}`, email: uniqueEmail(role) });
  await tellbox.server.db
    .insertInto('workspace_members')
    .values({ workspace_id: owner.id, account_id: person.id, role, created_at: new Date().toISOString() })
    .execute();
  // Their browser, in the owner's workspace (whose id is the owner's).
  await page.addInitScript((choice) => window.localStorage.setItem('workspace', JSON.stringify(choice)), {
    accountId: person.id,
    workspaceId: owner.id,
  });
  await signInAs(page, person);
  return person;
}

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

test.describe('with the default MAIL_FROM', () => {
  for (const role of ['owner', 'admin'] as const) {
    test(`an ${role} is warned on the dashboard, with what to change`, async ({ page, tellbox }) => {
      await signInWithRole(page, tellbox, role);
      await page.goto(`${tellbox.server.url}/dashboard`);
      await expect(warning(page)).toContainText(WARNING);
      await expect(warning(page)).toContainText(
        'Set MAIL_FROM to an address on your own domain and restart the server.',
      );
      // Quiet: a note under the heading, not an alert read out over everything else.
      await expect(page.getByRole('alert')).toHaveCount(0);
      const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      const note = (await warning(page).boundingBox())!;
      expect(note.y).toBeGreaterThan(heading.y);
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(warning(page)).toBeVisible();
      await expectNoHorizontalScroll(page, 'the dashboard with the MAIL_FROM warning at 375px');
    });
  }

  for (const role of ['member', 'viewer'] as const) {
    test(`a ${role}, who cannot act on it, is not warned and does not ask`, async ({ page, tellbox }) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/server/mail-sender')) asked.push(request.url());
      });
      await signInWithRole(page, tellbox, role);
      await page.goto(`${tellbox.server.url}/dashboard`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome/);
      await expect(page.getByRole('heading', { name: 'Recent Feedback' })).toBeVisible();
      await expect(warning(page)).toHaveCount(0);
      expect(asked).toEqual([]);
    });
  }
});
