// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FeedbackItem } from '../../../../../shared/api';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '../../../../../shared/feedback-status';
import { useSessionStore } from '../../../stores/session-store';
import { widget } from '../../../testing/factories';
import { mockWindowWidth, type WindowWidth } from '../../../testing/window-width';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { feedbackItem } from '../testing/fake-inbox';
import { FeedbackPage } from './feedback-page';

const item = (id: string, message: string, status: FeedbackStatus = 'new'): FeedbackItem =>
  feedbackItem(id, message, { status });

/** The owner's inbox as the server keeps it: the list, the counts and the status changes. */
let inbox: FeedbackItem[] = [];
const changes: { method: string; path: string; body: unknown }[] = [];
const fetchMock = vi.fn<typeof fetch>();

function serve(items: FeedbackItem[]) {
  inbox = items;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const json = (answer: unknown, status = 200) => new Response(JSON.stringify(answer), { status });
    if (url.pathname === '/api/widget') return json({ success: true, widgets: [widget('w1', 'Shop')] });
    if (url.pathname === '/api/feedback/summary') {
      return json({ plan: 'pro', maxVisibleFeedbackPerMonth: null, feedbackScope: 'account', hiddenFeedbackCount: 0 });
    }
    if (url.pathname === '/api/feedback/status-counts') {
      const counts = Object.fromEntries(
        FEEDBACK_STATUSES.map((status) => [status, inbox.filter((entry) => entry.status === status).length]),
      );
      const capped = Object.fromEntries(FEEDBACK_STATUSES.map((status) => [status, false]));
      return json({ counts, capped });
    }
    if (url.pathname === '/api/feedback' && method === 'GET') {
      const status = url.searchParams.get('status');
      const feedbacks = inbox.filter((entry) =>
        status === 'all' || !status ? entry.status !== 'spam' : entry.status === status,
      );
      return json({ success: true, feedbacks, nextCursor: null });
    }
    if (method === 'GET') {
      // An entry's thread, under its details: no replies or notes yet.
      const feedback = inbox.find((entry) => entry._id === url.pathname.split('/').at(-1));
      return json({ feedback, replies: [], notes: [] });
    }
    changes.push({ method, path: url.pathname, body });
    const { ids, status } = body as { ids?: string[]; status: FeedbackStatus };
    const changed = ids ?? [url.pathname.split('/').at(-1) ?? ''];
    inbox = inbox.map((entry) => (changed.includes(entry._id) ? { ...entry, status } : entry));
    return json({ success: true, updated: changed.length });
  });
}

let rendered: RenderWithProvidersResult | undefined;
const renderPage = (path = '/feedback') => {
  rendered = renderWithProviders(<FeedbackPage />, { route: '/feedback/:feedbackId?', path, withLocation: true });
  return rendered;
};
const location = () => screen.getByRole('status', { hidden: true, name: 'location' });
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-row-key]')];
const rowKeys = () => rows().map((row) => row.getAttribute('data-row-key'));
const tab = (name: RegExp) => screen.getByRole('tab', { name });

/**
 * Narrower than the split view: the keys move a focus through the list, and an entry, once opened,
 * has the screen (the split view's own keys are in tests/e2e/console/inbox.spec.ts).
 */
let window800: WindowWidth | undefined;

beforeEach(() => {
  window800 = mockWindowWidth(800);
  changes.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(async () => {
  window800?.restore();
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  rendered = undefined;
  vi.unstubAllGlobals();
});

describe('the inbox as a triage desk', () => {
  test('opens on New; a tab asks the server for its status and is kept in ?status=', async () => {
    serve([item('f1', 'First'), item('f2', 'Second', 'resolved'), item('f3', 'Junk', 'spam')]);
    renderPage();
    await screen.findByText('First');
    expect(tab(/^New/)).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(tab(/^All/)).toHaveAccessibleName('All 2'));
    expect(screen.queryByText('Second')).toBeNull();

    await userEvent.setup().click(tab(/^Spam/));
    expect(await screen.findByText('Junk')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/feedback?status=spam');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Spam 1');
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://console.test'));
    expect(
      asked.filter((url) => url.pathname === '/api/feedback').map((url) => url.searchParams.get('status')),
    ).toEqual(['new', 'spam']);
  });

  test('?status= opens its tab, and a value that names none opens New', async () => {
    serve([item('f1', 'First'), item('f2', 'Second', 'resolved')]);
    const resolved = renderPage('/feedback?status=resolved');
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(tab(/^Resolved/)).toHaveAttribute('aria-selected', 'true');
    resolved.unmount();

    renderPage('/feedback?status=archived');
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(tab(/^New/)).toHaveAttribute('aria-selected', 'true');
  });

  test('ticked rows are marked together through the bulk route, leave the tab, and a toast says so', async () => {
    serve([item('f1', 'First'), item('f2', 'Second'), item('f3', 'Third')]);
    renderPage();
    await screen.findByText('First');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /^Select feedback from Author f1,/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Select feedback from Author f3,/ }));
    const bar = screen.getByRole('toolbar', { name: 'Selected feedback' });
    expect(bar).toHaveTextContent('2 selected');
    expect(within(bar).queryByRole('button', { name: 'Mark new' })).toBeNull();

    await user.click(within(bar).getByRole('button', { name: 'Mark resolved' }));
    expect(await screen.findByText('2 feedback marked resolved')).toBeInTheDocument();
    expect(changes).toEqual([
      { method: 'POST', path: '/api/feedback/bulk', body: { ids: ['f1', 'f3'], status: 'resolved' } },
    ]);
    await waitFor(() => expect(rowKeys()).toEqual(['f2']));
    expect(screen.queryByRole('toolbar')).toBeNull();
    await waitFor(() => expect(tab(/^Resolved/)).toHaveAccessibleName('Resolved 2'));
    expect(tab(/^New/)).toHaveAccessibleName('New 1');
  });

  test('j moves a visible, announced focus; e resolves the entry and the focus stays in its place', async () => {
    serve([item('f1', 'First'), item('f2', 'Second'), item('f3', 'Third')]);
    renderPage();
    await screen.findByText('First');
    const user = userEvent.setup();
    await user.keyboard('jj');
    const second = rows()[1] as HTMLElement;
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(second.closest('li')).toHaveClass('is-focused');

    await user.keyboard('e');
    await waitFor(() => expect(rowKeys()).toEqual(['f1', 'f3']));
    expect(changes).toEqual([{ method: 'PATCH', path: '/api/feedback/f2', body: { status: 'resolved' } }]);
    const third = rows()[1] as HTMLElement;
    await waitFor(() => expect(third).toHaveFocus());
    expect(third).toHaveAttribute('aria-current', 'true');

    await user.keyboard('k');
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('x');
    expect(screen.getByRole('toolbar', { name: 'Selected feedback' })).toHaveTextContent('1 selected');
  });

  test('Enter opens the focused entry; s in its details marks it spam and the details show it', async () => {
    serve([item('f1', 'First'), item('f2', 'Second')]);
    renderPage('/feedback?status=all');
    await screen.findByText('First');
    const user = userEvent.setup();
    await user.keyboard('j{Enter}');
    const dialog = await screen.findByRole('region', { name: 'Feedback details' });
    expect(within(dialog).getByText('First')).toBeInTheDocument();
    // The dialog has the focus: keys pressed in it reach the page as they would in a browser.
    fireEvent.keyDown(dialog, { key: 's', bubbles: true });
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({ method: 'PATCH', path: '/api/feedback/f1', body: { status: 'spam' } });
    await waitFor(() => expect(dialog.querySelector('.ant-select-content')).toHaveTextContent('Spam'));
    expect(await screen.findByText('1 feedback marked spam')).toBeInTheDocument();
  });

  test('the status in the details changes it', async () => {
    serve([item('f1', 'First')]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Author f1\b/ }));
    const dialog = await screen.findByRole('region', { name: 'Feedback details' });
    fireEvent.mouseDown(within(dialog).getByLabelText('Status'));
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="In progress"]');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() =>
      expect(changes).toEqual([{ method: 'PATCH', path: '/api/feedback/f1', body: { status: 'in_progress' } }]),
    );
    expect(await screen.findByText('1 feedback marked in progress')).toBeInTheDocument();
  });

  test('? lists the keys', async () => {
    serve([item('f1', 'First')]);
    renderPage();
    await screen.findByText('First');
    await userEvent.setup().keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Mark resolved');
    expect(dialog).toHaveTextContent('Mark spam');
  });
});
