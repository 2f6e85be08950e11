// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FeedbackItem } from '../../../../../shared/api';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { feedbackItem } from '../testing/fake-inbox';
import { fakeThread, type FakeThread } from '../testing/fake-thread';
import type { EntryWalk } from '../hooks/use-entry-walk';
import { FeedbackEntryPane } from './feedback-entry-pane';
import { NO_ADDRESS_TO_REPLY } from './feedback-thread';

const WITH_EMAIL = feedbackItem('f1', 'The checkout button does nothing.', { authorEmail: 'dana@customer.example' });
const NO_EMAIL = feedbackItem('f2', 'Nice site.', { authorEmail: null });

let server: FakeThread;
let rendered: RenderWithProvidersResult | undefined;

const NO_WALK: EntryWalk = { position: 1, total: null, onPrevious: null, onNext: null, busy: null };

/** The open entry as the inbox shows it beside the list, with a way to walk to another entry. */
function Details({ items }: { items: FeedbackItem[] }) {
  const [index, setIndex] = useState(0);
  const item = items[index] ?? null;
  return (
    <>
      <button type="button" onClick={() => setIndex((at) => at + 1)}>
        Walk on
      </button>
      <FeedbackEntryPane
        openId={item?._id ?? null}
        item={item}
        error={null}
        onRetry={() => undefined}
        walk={NO_WALK}
        split
        onBack={() => undefined}
        onChosen={() => undefined}
      />
    </>
  );
}

function renderDetails(items: FeedbackItem[]) {
  server = fakeThread(items);
  vi.stubGlobal('fetch', server.fetch);
  rendered = renderWithProviders(<Details items={items} />);
  return screen.getByRole('region', { name: 'Feedback details' });
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(async () => {
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  rendered = undefined;
  vi.unstubAllGlobals();
});

describe('the thread under the open entry', () => {
  test('shows the replies oldest first, each with when it was sent and its line breaks, and the private notes', async () => {
    const thread = fakeThread([WITH_EMAIL]);
    thread.replies.set('f1', [
      { _id: 'r1', message: 'Thanks!\nFixed it.', createdAt: '2026-11-22T09:00:00.000Z' },
      { _id: 'r2', message: 'Any better now?', createdAt: '2026-11-23T09:00:00.000Z' },
    ]);
    thread.notes.set('f1', [{ _id: 'n1', text: 'Asked the team.', createdAt: '2026-11-22T10:00:00.000Z' }]);
    vi.stubGlobal('fetch', thread.fetch);
    rendered = renderWithProviders(<Details items={[WITH_EMAIL]} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading replies and notes...');
    const replies = await within(section('Replies')).findByRole('list', { name: 'Replies' });
    const sent = within(replies).getAllByRole('listitem');
    expect(sent.map((entry) => entry.querySelector('.tb-thread-text')?.textContent)).toEqual([
      'Thanks!\nFixed it.',
      'Any better now?',
    ]);
    expect(sent[0]).toHaveTextContent(/^Replied · November 22, 2026 at \d{1,2}:00 [AP]M/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const notes = section('Private notes');
    expect(notes).toHaveTextContent('Only your team can see these. They are never sent to the visitor.');
    expect(within(notes).getByRole('listitem')).toHaveTextContent('Asked the team.');
    expect(thread.asked).toEqual(['GET /api/feedback/f1']);
  });

  test('an entry without replies or notes says so, and offers both forms', async () => {
    renderDetails([WITH_EMAIL]);
    expect(await within(section('Replies')).findByText('No replies yet.')).toBeInTheDocument();
    expect(within(section('Private notes')).getByText('No notes yet.')).toBeInTheDocument();
    expect(within(section('Replies')).getByRole('textbox', { name: 'Your reply' })).toHaveAccessibleDescription(
      'Mailed to dana@customer.example; their answer comes to your own address.',
    );
    expect(within(section('Private notes')).getByRole('textbox', { name: 'New note' })).toBeInTheDocument();
  });

  test('a visitor who left no address: no reply form, a sentence saying why, and notes still work', async () => {
    renderDetails([NO_EMAIL]);
    const replies = section('Replies');
    expect(await within(replies).findByText('No replies yet.')).toBeInTheDocument();
    expect(within(replies).getByText(NO_ADDRESS_TO_REPLY)).toBeInTheDocument();
    expect(within(replies).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(replies).queryByRole('button', { name: 'Send reply' })).not.toBeInTheDocument();
    expect(within(section('Private notes')).getByRole('button', { name: 'Add note' })).toBeInTheDocument();
  });

  test('a failed load says so, and Retry brings the thread', async () => {
    const thread = fakeThread([WITH_EMAIL]);
    thread.failNextLoad();
    thread.notes.set('f1', [{ _id: 'n1', text: 'Call back on Monday.', createdAt: '2026-11-22T10:00:00.000Z' }]);
    vi.stubGlobal('fetch', thread.fetch);
    rendered = renderWithProviders(<Details items={[WITH_EMAIL]} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the replies and notes.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Call back on Monday.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('walking to another entry shows that entry’s thread, and leaves nothing typed behind', async () => {
    const dialog = renderDetails([WITH_EMAIL, feedbackItem('f3', 'Second', { authorEmail: 'sam@customer.example' })]);
    server.replies.set('f3', [{ _id: 'r9', message: 'Answer to Sam', createdAt: '2026-11-22T09:00:00.000Z' }]);
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your reply' }), 'Half a reply to Dana');
    await user.type(within(dialog).getByRole('textbox', { name: 'New note' }), 'Half a note');

    await user.click(screen.getByRole('button', { name: 'Walk on' }));
    expect(await within(dialog).findByText('Answer to Sam')).toBeInTheDocument();
    const reply = within(dialog).getByRole('textbox', { name: 'Your reply' });
    expect(reply).toHaveValue('');
    expect(reply).toHaveAccessibleDescription(
      'Mailed to sam@customer.example; their answer comes to your own address.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'New note' })).toHaveValue('');
    expect(server.asked).toEqual(['GET /api/feedback/f1', 'GET /api/feedback/f3']);
  });
});
