// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MAX_REPLY_LENGTH } from '../../../../../shared/limits';
import { THREAD_MESSAGES } from '../../../../../shared/schemas/feedback-thread';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { SEND_REPLY_FAILED } from '../api/send-reply';
import { feedbackItem } from '../testing/fake-inbox';
import { fakeThread, type FakeThread } from '../testing/fake-thread';
import { FeedbackThread } from './feedback-thread';

const ITEM = feedbackItem('f1', 'The checkout button does nothing.', { authorEmail: 'dana@customer.example' });

let server: FakeThread;
let rendered: RenderWithProvidersResult | undefined;

async function renderThread() {
  server = fakeThread([ITEM]);
  vi.stubGlobal('fetch', server.fetch);
  rendered = renderWithProviders(<FeedbackThread item={ITEM} />);
  await screen.findByText('No replies yet.');
  const replies = screen.getByRole('region', { name: 'Replies' });
  return {
    user: userEvent.setup(),
    field: within(replies).getByRole('textbox', { name: 'Your reply' }),
    send: within(replies).getByRole('button', { name: 'Send reply' }),
    replies,
  };
}

/** The replies the thread lists, as their texts. */
const shownReplies = (replies: HTMLElement) =>
  within(replies)
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

describe('the reply form', () => {
  test('a sent reply joins the thread with its line breaks, the field empties, and a toast says so', async () => {
    const { user, field, send, replies } = await renderThread();
    await user.type(field, 'Thanks Dana!{Enter}Fixed it this morning.');
    await user.click(send);

    await waitFor(() => expect(shownReplies(replies)).toEqual(['Thanks Dana!\nFixed it this morning.']));
    expect(field).toHaveValue('');
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    expect(screen.getByText('Mailed to dana@customer.example.')).toBeInTheDocument();
    const post = server.fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ message: 'Thanks Dana!\nFixed it this morning.' });
    expect(server.asked).toEqual(['GET /api/feedback/f1', 'POST /api/feedback/f1/replies', 'GET /api/feedback/f1']);
  });

  test('an empty reply is not sent: the field says what is missing', async () => {
    const { user, field, send } = await renderThread();
    await user.type(field, '   ');
    await user.click(send);
    expect(await screen.findByText('Write a reply first.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.asked).toEqual(['GET /api/feedback/f1']);
  });

  test(`a reply longer than ${MAX_REPLY_LENGTH} characters is not sent`, async () => {
    const { user, field, send } = await renderThread();
    await user.click(field);
    await user.paste('a'.repeat(MAX_REPLY_LENGTH + 1));
    await user.click(send);
    expect(await screen.findByText(`A reply can be at most ${MAX_REPLY_LENGTH} characters.`)).toBeInTheDocument();
    expect(server.asked).toEqual(['GET /api/feedback/f1']);
  });

  test.each([
    [409, THREAD_MESSAGES.noAddress],
    [429, THREAD_MESSAGES.tooManyReplies],
    [502, THREAD_MESSAGES.notSent],
  ])(
    'a %i shows the server’s words in the form and keeps the text; the next try clears them',
    async (status, words) => {
      const { user, field, send, replies } = await renderThread();
      server.refuseNext('replies', status, words);
      await user.type(field, 'Hello Dana');
      await user.click(send);

      const alert = await within(replies).findByRole('alert');
      expect(alert).toHaveTextContent(words);
      expect(field).toHaveValue('Hello Dana');
      expect(shownReplies(replies)).toEqual([]);

      await user.click(send);
      await waitFor(() => expect(shownReplies(replies)).toEqual(['Hello Dana']));
      expect(within(replies).queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  test('a failure the server gives no words for shows the console’s own message', async () => {
    const { user, field, send, replies } = await renderThread();
    server.refuseNext('replies', 500, null);
    await user.type(field, 'Hello Dana');
    await user.click(send);
    expect(await within(replies).findByRole('alert')).toHaveTextContent(SEND_REPLY_FAILED);
  });
});
