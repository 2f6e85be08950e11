// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Member } from '../../../../../shared/api';
import type { Role } from '../../../../../shared/roles';
import { FREE_SUBSCRIPTION, useSessionStore } from '../../../stores/session-store';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { fakeInbox, feedbackItem, type FakeInbox } from '../testing/fake-inbox';
import { FeedbackPage } from './feedback-page';

const TEAM: Member[] = [
  { accountId: 'ada', name: 'Ada Lovelace', email: 'ada@x.com', role: 'member' },
  { accountId: 'bob', name: 'Bob Stone', email: 'bob@x.com', role: 'owner' },
  { accountId: 'vic', name: 'Vic Viewer', email: 'vic@x.com', role: 'viewer' },
];

/** The inbox, the team, and assignments as the server takes them (PATCH {assigneeId}). */
let inbox: FakeInbox;
const assignments: unknown[] = [];
function serve() {
  inbox = fakeInbox([
    feedbackItem('f1', 'Checkout is slow', { authorEmail: 'jo@shop.com' }),
    feedbackItem('f2', 'Love it', { assigneeId: 'bob' }),
  ]);
  const inboxFetch = inbox.fetch.getMockImplementation();
  inbox.fetch.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname === '/api/workspace/members')
      return new Response(JSON.stringify({ members: TEAM, invitations: [] }));
    if (init?.method === 'PATCH') {
      assignments.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ success: true, updated: 1 }));
    }
    return inboxFetch!(input, init);
  });
  vi.stubGlobal('fetch', inbox.fetch);
}

let rendered: RenderWithProvidersResult | undefined;
const renderAs = (role: Role, path = '/feedback?status=all') => {
  rendered = renderWithProviders(<FeedbackPage />, { route: '/feedback/:feedbackId?', path, role });
};

beforeEach(() => {
  assignments.length = 0;
  useSessionStore.setState({
    user: { id: 'ada', name: 'Ada Lovelace', email: 'ada@x.com' },
    token: 'Bearer t',
    subscription: FREE_SUBSCRIPTION,
  });
  serve();
});
afterEach(() => {
  rendered?.queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the inbox for a viewer', () => {
  test('reads everything but offers nothing to change, and says which role does', async () => {
    renderAs('viewer');
    await screen.findByText('Checkout is slow');
    expect(screen.getAllByText('Triaging feedback needs the member role or higher.')).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: /^Select feedback/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Assigned to me' })).not.toBeInTheDocument();
    // Keys that would change an entry do nothing.
    const user = userEvent.setup();
    await user.keyboard('jex');
    expect(screen.queryByRole('toolbar', { name: 'Selected feedback' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /Author f1\b/ }));
    const dialog = await screen.findByRole('region', { name: 'Feedback details' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Triaging feedback needs the member role or higher.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(await within(dialog).findByText('No replies yet.')).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 's', bubbles: true });

    // Nothing was ever sent to change an entry, and the team (which a viewer may not read) was not asked.
    expect(inbox.requests.filter(({ init }) => init?.method && init.method !== 'GET')).toEqual([]);
    expect(inbox.asked('/api/workspace/members')).toEqual([]);
  });
});

describe('assigning, for a member', () => {
  test('each row names its assignee; the details assign an entry, yourself first, and say so', async () => {
    renderAs('member');
    const row = (await screen.findByText('Love it')).closest('li') as HTMLElement;
    expect(await within(row).findByText('Bob Stone')).toBeInTheDocument();
    expect(within(row).getByTitle('Assigned to Bob Stone')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: /Author f1\b/ }));
    const dialog = await screen.findByRole('region', { name: 'Feedback details' });
    const picker = within(dialog).getByLabelText('Assignee');
    await waitFor(() => expect(dialog.querySelector('.tb-feedback-assignee-select')).toHaveTextContent('Unassigned'));
    fireEvent.mouseDown(picker);
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
      if (!found.includes('Ada Lovelace (you)')) throw new Error('no options yet');
      return found;
    });
    // Viewers cannot be assigned; the signed-in member comes first after nobody.
    expect(
      options.filter((text) => text !== 'In progress' && text !== 'New' && text !== 'Resolved' && text !== 'Spam'),
    ).toEqual(['Unassigned', 'Ada Lovelace (you)', 'Bob Stone']);
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Ada Lovelace (you)"]') as Element);
    await waitFor(() => expect(assignments).toEqual([{ assigneeId: 'ada' }]));
    expect(await screen.findByText('Assigned to you')).toBeInTheDocument();
  });

  test('"Assigned to me" asks the list, the counts and the export for assignee=me, and keeps it in the URL', async () => {
    renderAs('member');
    await screen.findByText('Checkout is slow');
    await userEvent.setup().click(screen.getByText('Assigned to me'));
    await waitFor(() => expect(inbox.asked('/api/feedback').at(-1)?.searchParams.get('assignee')).toBe('me'));
    await waitFor(() =>
      expect(inbox.asked('/api/feedback/status-counts').at(-1)?.searchParams.get('assignee')).toBe('me'),
    );
  });
});
