// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MAX_NOTE_LENGTH } from '../../../../../shared/limits';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { ADD_NOTE_FAILED } from '../api/add-note';
import { feedbackItem } from '../testing/fake-inbox';
import { fakeThread, type FakeThread } from '../testing/fake-thread';
import { FeedbackThread } from './feedback-thread';

// No address: notes are the owner's own, whether or not the visitor can be answered.
const ITEM = feedbackItem('f1', 'Nice site.', { authorEmail: null });

let server: FakeThread;
let rendered: RenderWithProvidersResult | undefined;

async function renderThread() {
  server = fakeThread([ITEM]);
  vi.stubGlobal('fetch', server.fetch);
  rendered = renderWithProviders(<FeedbackThread item={ITEM} />);
  await screen.findByText('No notes yet.');
  const notes = screen.getByRole('region', { name: 'Private notes' });
  return {
    user: userEvent.setup(),
    field: within(notes).getByRole('textbox', { name: 'New note' }),
    add: within(notes).getByRole('button', { name: 'Add note' }),
    notes,
  };
}

const shownNotes = (notes: HTMLElement) =>
  within(notes)
    .queryAllByRole('listitem')
    .map((entry) => entry.querySelector('.tb-thread-text')?.textContent);

beforeEach(() => {
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(async () => {
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  rendered = undefined;
  vi.unstubAllGlobals();
});

describe('the note form', () => {
  test('added notes join the list in order, the field empties, and a toast says so', async () => {
    const { user, field, add, notes } = await renderThread();
    await user.type(field, 'Asked the team.{Enter}Waiting on them.');
    await user.click(add);
    await waitFor(() => expect(shownNotes(notes)).toEqual(['Asked the team.\nWaiting on them.']));
    expect(field).toHaveValue('');
    expect(await screen.findByText('Note added')).toBeInTheDocument();

    await user.type(field, 'Fixed.');
    await user.click(add);
    await waitFor(() => expect(shownNotes(notes)).toEqual(['Asked the team.\nWaiting on them.', 'Fixed.']));
    expect(within(notes).getAllByRole('listitem')[1]).toHaveTextContent(/^Note · November 22, 2026 at/);
  });

  test('an empty note, or one too long, is not saved: the field says why', async () => {
    const { user, field, add } = await renderThread();
    await user.click(add);
    expect(await screen.findByText('Write a note first.')).toBeInTheDocument();
    await user.click(field);
    await user.paste('a'.repeat(MAX_NOTE_LENGTH + 1));
    await user.click(add);
    expect(await screen.findByText(`A note can be at most ${MAX_NOTE_LENGTH} characters.`)).toBeInTheDocument();
    expect(server.asked).toEqual(['GET /api/feedback/f1']);
  });

  test('a refused note shows the server’s words, or the console’s own when it has none, and keeps the text', async () => {
    const { user, field, add, notes } = await renderThread();
    server.refuseNext('notes', 404, 'Feedback not found');
    await user.type(field, 'Call back');
    await user.click(add);
    expect(await within(notes).findByRole('alert')).toHaveTextContent('Feedback not found');
    expect(field).toHaveValue('Call back');

    server.refuseNext('notes', 500, null);
    await user.click(add);
    await waitFor(() => expect(within(notes).getByRole('alert')).toHaveTextContent(ADD_NOTE_FAILED));
    expect(shownNotes(notes)).toEqual([]);
  });
});
