// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FEEDBACK_DATE_ORDER_MESSAGE } from '../../../../../shared/schemas/feedback';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { DRAFT_DELAY_MS } from '../hooks/use-draft';
import { fakeInbox, feedbackItem, type FakeInbox } from '../testing/fake-inbox';
import { FeedbackPage } from './feedback-page';

const INBOX = [
  feedbackItem('f1', 'Checkout button is gone', { createdAt: '2026-11-24T10:00:00.000Z' }),
  feedbackItem('f2', 'Love the new colours', { createdAt: '2026-11-20T10:00:00.000Z' }),
  feedbackItem('f3', 'Checkout took ages', { createdAt: '2026-11-02T10:00:00.000Z', status: 'resolved' }),
  feedbackItem('f4', 'Typo on the pricing page', { authorEmail: 'ada@checkout.example', status: 'spam' }),
];

let server: FakeInbox;
let rendered: RenderWithProvidersResult | undefined;

function renderPage(path: string) {
  rendered = renderWithProviders(<FeedbackPage />, { route: '/feedback/:feedbackId?', path, withLocation: true });
  return rendered;
}
const location = () => screen.getByRole('status', { hidden: true, name: 'location' });
const rowKeys = () => [...document.querySelectorAll('[data-row-key]')].map((row) => row.getAttribute('data-row-key'));
const searchBox = () => screen.getByRole('searchbox', { name: 'Search feedback' });
const listAsked = () => server.asked('/api/feedback');

beforeEach(() => {
  server = fakeInbox(INBOX);
  vi.stubGlobal('fetch', server.fetch);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(async () => {
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching()).toBe(0));
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('searching the inbox', () => {
  test('typing searches once it pauses, with the whole words, and ?q= keeps them beside the tab', async () => {
    renderPage('/feedback?status=all');
    await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f2', 'f3']));
    await userEvent.setup().type(searchBox(), 'checkout');
    await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f3']));
    expect(location()).toHaveTextContent('/feedback?status=all&q=checkout');
    // One search for the word, none for the letters typed on the way to it.
    expect(listAsked().map((url) => url.searchParams.get('q'))).toEqual([null, 'checkout']);
    // The tabs count the same search (the spam entry matches by its e-mail address).
    const counts = server.asked('/api/feedback/status-counts').at(-1);
    expect(counts?.searchParams.get('q')).toBe('checkout');
    expect(screen.getByRole('tab', { name: /^Spam/ })).toHaveAccessibleName('Spam 1');
    expect(screen.getByRole('tab', { name: /^Resolved/ })).toHaveAccessibleName('Resolved 1');
  });

  test('nothing is asked while the owner is still typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPage('/feedback');
      await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f2']));
      fireEvent.change(searchBox(), { target: { value: 'love' } });
      await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS - 50);
      expect(listAsked()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(60);
      await waitFor(() => expect(listAsked().at(-1)?.searchParams.get('q')).toBe('love'));
    } finally {
      vi.useRealTimers();
    }
  });

  test("a link (or a reload) opens the same search, the days counted in the owner's time zone", async () => {
    vi.stubEnv('TZ', 'America/New_York');
    renderPage('/feedback?status=all&q=checkout&from=2026-11-20&to=2026-11-24');
    await waitFor(() => expect(rowKeys()).toEqual(['f1']));
    expect(searchBox()).toHaveValue('checkout');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-20');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-24');
    const expected = { q: 'checkout', from: '2026-11-20T05:00:00.000Z', to: '2026-11-25T05:00:00.000Z' };
    for (const url of [listAsked()[0], server.asked('/api/feedback/status-counts')[0]]) {
      expect(Object.fromEntries(['q', 'from', 'to'].map((key) => [key, url?.searchParams.get(key)]))).toEqual(expected);
    }
  });

  test('a date chosen is kept in ?from= and ?to= as a day', async () => {
    renderPage('/feedback?status=all');
    await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f2', 'f3']));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-03' } });
    await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f2']));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    await waitFor(() => expect(rowKeys()).toEqual(['f2']));
    expect(location()).toHaveTextContent('/feedback?status=all&from=2026-11-03&to=2026-11-21');
  });

  test('a search that finds nothing says so, points to the other tabs, and Clear filters shows everything again', async () => {
    renderPage('/feedback?widget=w1&q=checkout&from=2026-11-01');
    await screen.findByText('Checkout button is gone');
    await userEvent.setup().click(screen.getByRole('tab', { name: /^In progress/ }));
    const empty = await screen.findByText('No feedback matches “checkout” in these dates. 3 match in other tabs.');
    const clear = within(empty.closest('.tb-inbox-rows-empty') as HTMLElement).getByRole('button', {
      name: 'Clear filters',
    });

    await userEvent.setup().click(clear);
    expect(location()).toHaveTextContent(/^\/feedback\?widget=w1&status=in_progress$/);
    expect(await screen.findByText('No feedback in progress.')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  test('the clear button and Escape take the words away at once', async () => {
    renderPage('/feedback?q=love');
    await waitFor(() => expect(rowKeys()).toEqual(['f2']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(location()).toHaveTextContent(/^\/feedback$/);
    await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f2']));

    await user.type(searchBox(), 'typo{Enter}');
    expect(location()).toHaveTextContent('/feedback?q=typo');
    await user.keyboard('{Escape}');
    expect(searchBox()).toHaveValue('');
    expect(location()).toHaveTextContent(/^\/feedback$/);
  });

  test('dates that end before they start say so and filter nothing', async () => {
    renderPage('/feedback?status=all&from=2026-11-24&to=2026-11-01');
    await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f2', 'f3']));
    expect(screen.getByRole('alert')).toHaveTextContent(FEEDBACK_DATE_ORDER_MESSAGE);
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(listAsked()[0]?.searchParams.has('from')).toBe(false);
    expect(listAsked()[0]?.searchParams.has('to')).toBe(false);
  });

  test('typing j in the search is a letter, not a move through the list', async () => {
    renderPage('/feedback');
    await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f2']));
    await userEvent.setup().type(searchBox(), 'jk');
    expect(searchBox()).toHaveValue('jk');
    expect(document.querySelector('[aria-current="true"]')).toBeNull();
  });
});
