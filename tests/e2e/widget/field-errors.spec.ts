/**
 * The widget agrees with the server about the visitor's fields: what the server would refuse is
 * caught before sending, with the server's message, and a field the server refuses anyway gets
 * the server's message on that field instead of a "Try again" that could never work.
 */
import type { Page } from '@playwright/test';
import { expect, expectCleanPage, ownerFeedback, seedWidget, test, type Tellbox } from './fixtures';
import { dialogOf, launcherOf } from './steps';

async function openForm(page: Page, tellbox: Tellbox) {
  const seeded = await seedWidget(tellbox, { posts: false });
  await page.goto(tellbox.pages.url('shop.test', 'plain', seeded.widget.key));
  await launcherOf(page).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByLabel('Message')).toBeFocused();
  return { seeded, dialog };
}

/** The bodies of the feedback POSTs the page sends. */
function feedbackPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/feedback')) posts.push(request.postData() ?? '');
  });
  return posts;
}

test('addresses the server refuses are caught on the e-mail field before anything is sent', async ({
  page,
  tellbox,
  probe,
}) => {
  const { seeded, dialog } = await openForm(page, tellbox);
  const sent = feedbackPosts(page);
  const email = dialog.getByLabel('Email (optional)');
  await dialog.getByLabel('Message').fill('Checkout is slow');

  for (const address of ['a@b.c', 'josé@example.com', 'a..b@example.com']) {
    await email.fill(address);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(email, address).toHaveAttribute('aria-invalid', 'true');
    await expect(email, address).toHaveAccessibleDescription('Invalid email');
    await expect(email, address).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  }
  expect(sent).toEqual([]);

  // Fixed: the error goes as soon as the field is edited, and the lower-cased address reaches the owner.
  await email.fill('Grace@Example.com');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(email).toHaveAccessibleDescription('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  expect(sent).toHaveLength(1);
  const stored = await ownerFeedback(tellbox, seeded.owner);
  expect(stored.map((item) => [item.message, item.authorEmail])).toEqual([['Checkout is slow', 'grace@example.com']]);
  await expectCleanPage(page, probe);
});

test("a field the real server refuses shows the server's message on that field, and no Try again", async ({
  page,
  tellbox,
  probe,
}) => {
  const { seeded, dialog } = await openForm(page, tellbox);
  const message = dialog.getByLabel('Message');
  const name = dialog.getByLabel('Name (optional)');
  const email = dialog.getByLabel('Email (optional)');
  // A server stricter than this widget (an older widget script, a newer server): on the way out,
  // the name grows past the server's limit and the address loses its top-level domain, and the
  // real server answers with its real 400.
  const refusals: unknown[] = [];
  await page.route('**/api/public/widget/*/feedback', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    const response = await route.fetch({
      postData: JSON.stringify({ ...body, authorName: 'G'.repeat(101), authorEmail: 'grace@example' }),
    });
    refusals.push({ status: response.status(), body: await response.json() });
    await route.fulfill({ response });
  });

  await message.fill('Please add dark mode');
  await name.fill('Grace');
  await email.fill('grace@example.com');
  await dialog.getByRole('button', { name: 'Send' }).click();

  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('String must contain at most 100 character(s)');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Invalid email');
  await expect(message).not.toHaveAttribute('aria-invalid');
  await expect(name).toBeFocused();
  expect(refusals).toEqual([
    {
      status: 400,
      body: {
        message: 'String must contain at most 100 character(s)',
        issues: [
          { path: 'authorName', message: 'String must contain at most 100 character(s)' },
          { path: 'authorEmail', message: 'Invalid email' },
        ],
      },
    },
  ]);
  await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('');
  await expect(message).toHaveValue('Please add dark mode');
  expect(await ownerFeedback(tellbox, seeded.owner)).toEqual([]);

  // Sent as typed, it goes through and the errors go away.
  await page.unroute('**/api/public/widget/*/feedback');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  const stored = await ownerFeedback(tellbox, seeded.owner);
  expect(stored.map((item) => [item.authorName, item.authorEmail])).toEqual([['Grace', 'grace@example.com']]);
  // The browser itself logs the 400; the widget adds nothing, and nothing throws.
  expect(probe.pageErrors).toEqual([]);
  expect(probe.console.map((entry) => entry.text)).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});

test('a refusal about nothing the visitor can fix says the feedback was not sent, without Try again', async ({
  page,
  tellbox,
}) => {
  const { dialog } = await openForm(page, tellbox);
  await page.route('**/api/public/widget/*/feedback', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.fulfill({ response: await route.fetch({ postData: JSON.stringify({ ...body, pageUrl: 'ftp://x' }) }) });
  });
  await dialog.getByLabel('Message').fill('Hello');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your feedback could not be sent.');
  await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(dialog.getByLabel('Message')).not.toHaveAttribute('aria-invalid');
});
