/**
 * Replies and private notes in a feedback's details: the owner answers a visitor who left an
 * address, the answer reaches a real SMTP server from MAIL_FROM with the owner's address as
 * Reply-To and the visitor's feedback quoted, and it shows in the thread; a private note is kept
 * across a reload. A visitor who left no address cannot be answered.
 */
import type { Page } from '@playwright/test';
import type { Widget } from '../../../src/shared/api';
import { THREAD_MESSAGES } from '../../../src/shared/schemas/feedback-thread';
import { createWidget, validFeedback } from '../../helpers/factories';
import {
  acceptCookiesUpFront,
  expect,
  expectToast,
  test,
  uniqueEmail,
  waitForRouteDrawn,
  type Console,
} from './fixtures';

const ORIGIN = 'https://shop.example.com';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

async function sendFeedback(tellbox: Console, widget: Widget, fields: Record<string, unknown>) {
  const response = await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(fields), {
    headers: { Origin: ORIGIN },
  });
  expect(response.status, response.text).toBe(201);
}

async function openDetails(page: Page, author: string) {
  await page
    .getByRole('list', { name: 'Feedback' })
    .getByRole('listitem')
    .filter({ hasText: author })
    .getByRole('link')
    .click();
  const dialog = page.getByRole('region', { name: 'Feedback details' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A header's value in the raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}

test('an owner replies to a visitor: the mail arrives with Reply-To and the quote, and the reply shows in the thread', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ name: 'Jane Owner' });
  const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
  const visitor = uniqueEmail('dana');
  await sendFeedback(tellbox, widget, {
    message: 'The checkout button does nothing on my phone.\nI tried twice.',
    authorName: 'Dana',
    authorEmail: visitor,
    pageUrl: 'https://shop.example.com/checkout',
  });

  await open('/feedback');
  const dialog = await openDetails(page, 'Dana');
  const replies = dialog.getByRole('region', { name: 'Replies' });
  await expect(replies).toContainText('No replies yet.');
  const field = replies.getByRole('textbox', { name: 'Your reply' });
  await expect(field).toHaveAccessibleDescription(`Mailed to ${visitor}; their answer comes to your own address.`);

  // Typed key by key: e, s, j and k are the inbox's keys, and here they are only text.
  await field.pressSequentially('Thanks Dana! Fixed it this morning.');
  await field.press('Shift+Enter');
  await field.pressSequentially('Could you check again?');
  await expect(field).toHaveValue('Thanks Dana! Fixed it this morning.\nCould you check again?');
  await expect(dialog.getByLabel('Status')).toBeVisible();
  await expect(dialog.locator('.tb-feedback-status-field .ant-select-content')).toHaveText('New');
  await replies.getByRole('button', { name: 'Send reply' }).click();

  const sent = replies.getByRole('listitem');
  await expect(sent).toHaveCount(1);
  await expect(sent.locator('.tb-thread-text')).toHaveText(
    'Thanks Dana! Fixed it this morning.\nCould you check again?',
    {
      useInnerText: true,
    },
  );
  await expect(sent.locator('.tb-thread-text')).toHaveCSS('white-space', 'pre-wrap');
  await expect(sent).toContainText(/^Replied · [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
  await expect(field).toHaveValue('');
  await expectToast(page, 'Reply sent', `Mailed to ${visitor}.`);

  const mail = await tellbox.mailbox.waitFor(visitor);
  expect(mail.subject).toBe('Re: your feedback on shop.example.com');
  // Under the workspace's name, which a new account's workspace takes from its owner.
  expect(header(mail.raw, 'From')).toBe('Jane Owner via Tellbox <no-reply@localhost>');
  expect(header(mail.raw, 'Reply-To')).toBe(owner.email);
  expect(mail.text).toContain('> Thanks Dana! Fixed it this morning.\n> Could you check again?');
  expect(mail.text).toContain('> The checkout button does nothing on my phone.\n> I tried twice.');
  expect(mail.html).toContain('The checkout button does nothing on my phone.');

  // A private note, kept across a reload with the reply.
  const notes = dialog.getByRole('region', { name: 'Private notes' });
  await expect(notes).toContainText('Only your team can see these. They are never sent to the visitor.');
  await notes
    .getByRole('textbox', { name: 'New note' })
    .fill('Dana is on the Pro plan; offer a refund if it breaks again.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('listitem')).toHaveText(/Dana is on the Pro plan; offer a refund if it breaks again\.$/);
  await expect(notes.getByRole('textbox', { name: 'New note' })).toHaveValue('');

  await page.reload();
  await waitForRouteDrawn(page);
  const reopened = await openDetails(page, 'Dana');
  await expect(reopened.getByRole('region', { name: 'Private notes' }).getByRole('listitem')).toContainText(
    'Dana is on the Pro plan; offer a refund if it breaks again.',
  );
  await expect(reopened.getByRole('region', { name: 'Replies' }).getByRole('listitem')).toContainText(
    'Thanks Dana! Fixed it this morning.',
  );
  // The note stayed the owner's: nothing else was mailed to the visitor.
  expect(tellbox.mailbox.to(visitor)).toHaveLength(1);
});

test('a visitor who left no address cannot be answered, and says so where the form would be', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
  await sendFeedback(tellbox, widget, { message: 'Nice shop', authorName: 'Sam' });

  await open('/feedback');
  const dialog = await openDetails(page, 'Sam');
  const replies = dialog.getByRole('region', { name: 'Replies' });
  await expect(replies).toContainText('No replies yet.');
  await expect(replies).toContainText(THREAD_MESSAGES.noAddress);
  await expect(replies.getByRole('textbox')).toHaveCount(0);
  await expect(
    dialog.getByRole('region', { name: 'Private notes' }).getByRole('button', { name: 'Add note' }),
  ).toBeVisible();
});
