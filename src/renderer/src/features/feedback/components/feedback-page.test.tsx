// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FeedbackItem, FeedbackSummary } from '../../../../../shared/api';
import { useSessionStore } from '../../../stores/session-store';
import { widget } from '../../../testing/factories';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { mockWindowWidth } from '../../../testing/window-width';
import { FeedbackPage } from './feedback-page';

const WIDGETS = [widget('w1', 'Shop'), widget('w2', 'Blog')];
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const feedback = (overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({
  _id: 'f1',
  widgetId: 'w1',
  widgetName: 'Shop',
  message: 'Love it',
  pageUrl: 'https://shop.example.com/pricing',
  userAgent: 'Mozilla/5.0 (TestBrowser)',
  authorName: null,
  authorEmail: null,
  status: 'new',
  assigneeId: null,
  createdAt: '2026-11-21T15:04:00.000Z',
  ...overrides,
});

const NO_HIDDEN: FeedbackSummary = {
  plan: 'free',
  maxVisibleFeedbackPerMonth: 50,
  feedbackScope: 'account',
  hiddenFeedbackCount: 0,
  suggestedPlan: 'pro',
};

interface Backend {
  pages: (url: URL) => { feedbacks: FeedbackItem[]; nextCursor: string | null } | 'fail';
  summary?: FeedbackSummary;
}

const fetchMock = vi.fn<typeof fetch>();
const requests: URL[] = [];

function serve({ pages, summary = NO_HIDDEN }: Backend) {
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://console.test');
    requests.push(url);
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (url.pathname === '/api/widget') return json({ success: true, widgets: WIDGETS });
    if (url.pathname === '/api/feedback/summary') return json(summary);
    if (url.pathname === '/api/feedback') {
      const page = pages(url);
      return page === 'fail' ? json({ message: 'boom' }, 500) : json({ success: true, ...page });
    }
    return json({ message: 'Not found' }, 404);
  });
}

let rendered: RenderWithProvidersResult | undefined;

function renderPage(entry: string) {
  rendered = renderWithProviders(<FeedbackPage />, {
    route: '/feedback/:feedbackId?',
    path: entry,
    withLocation: true,
  });
  return rendered;
}

const location = () => screen.getByRole('status', { hidden: true, name: 'location' });
// The widget a row names (only while no widget is filtered).
const rowWidget = () =>
  waitFor(() => {
    const found = document.querySelector('.tb-inbox-row-widget');
    if (!found) throw new Error('no row names a widget');
    return found;
  });

async function chooseWidget(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('Filter by widget'));
  const option = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${name}"]`);
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  fireEvent.click(option);
}

beforeEach(() => {
  requests.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(async () => {
  // A request still on its way (the summary, say) would render after the test's window is gone.
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching()).toBe(0));
  rendered = undefined;
  vi.unstubAllGlobals();
});

describe('FeedbackPage', () => {
  test('cuts a long message at 80 characters and names a feedback without author Anonymous', async () => {
    const long = `${'x'.repeat(80)}HIDDEN-TAIL`;
    serve({ pages: () => ({ feedbacks: [feedback({ message: long })], nextCursor: null }) });
    renderPage('/feedback');
    const row = (await screen.findByText(`${'x'.repeat(80)}…`)).closest('li');
    expect(row).not.toBeNull();
    expect(screen.queryByText(/HIDDEN-TAIL/)).toBeNull();
    expect(within(row as HTMLElement).getByText('Anonymous')).toBeInTheDocument();
  });

  test('a row names its widget for all widgets, and not when a widget is filtered', async () => {
    serve({ pages: () => ({ feedbacks: [feedback()], nextCursor: null }) });
    const all = renderPage('/feedback');
    expect(await rowWidget()).toHaveTextContent('Shop');
    all.unmount();

    renderPage('/feedback?widget=w1');
    await screen.findByText('Love it');
    expect(document.querySelector('.tb-inbox-row-widget')).toBeNull();
    // The row is one link to the entry, the checkbox beside it; no button of its own.
    expect(screen.getByRole('link', { name: /Love it/ })).toHaveAttribute('href', '/feedback/f1?widget=w1');
    expect(within(screen.getByRole('list', { name: 'Feedback' })).queryByRole('button')).toBeNull();
  });

  test('?widget= preselects the filter and the server is asked for that widget only', async () => {
    serve({ pages: () => ({ feedbacks: [feedback()], nextCursor: null }) });
    renderPage('/feedback?widget=w2');
    await screen.findByText('Love it');
    await waitFor(() => expect(document.querySelector('.ant-select-content')?.textContent).toBe('Blog'));
    const asked = requests.filter((url) => url.pathname === '/api/feedback');
    expect(asked.map((url) => url.searchParams.get('widgetId'))).toEqual(['w2']);
  });

  test('choosing a widget writes ?widget=, and All widgets removes it', async () => {
    serve({ pages: () => ({ feedbacks: [feedback()], nextCursor: null }) });
    renderPage('/feedback');
    await screen.findByText('Love it');

    await chooseWidget('Shop');
    await waitFor(() => expect(location()).toHaveTextContent('/feedback?widget=w1'));
    await waitFor(() => expect(document.querySelector('.tb-inbox-row-widget')).toBeNull());
    expect(requests.at(-1)?.searchParams.get('widgetId')).toBe('w1');

    await chooseWidget('All widgets');
    await waitFor(() => expect(location().textContent).toBe('/feedback'));
    expect(await rowWidget()).toHaveTextContent('Shop');
  });

  test('?widget=all means no filter, and a widget the owner no longer has is dropped from the URL', async () => {
    serve({ pages: () => ({ feedbacks: [feedback()], nextCursor: null }) });
    const all = renderPage('/feedback?widget=all');
    expect(await rowWidget()).toHaveTextContent('Shop');
    expect(requests.find((url) => url.pathname === '/api/feedback')?.searchParams.has('widgetId')).toBe(false);
    all.unmount();

    renderPage('/feedback?widget=deleted-widget');
    await waitFor(() => expect(location().textContent).toBe('/feedback'));
    expect(await rowWidget()).toHaveTextContent('Shop');
  });

  test('the open entry shows the whole message with its line breaks, the author, the page and the browser', async () => {
    const message = `First line <b>not bold</b>\nSecond line ${'y'.repeat(90)}`;
    serve({
      pages: () => ({
        feedbacks: [
          feedback({
            message,
            authorName: 'Ada',
            authorEmail: 'ada@example.com',
            widgetName: null,
            userAgent: MAC_CHROME,
            pageUrl: 'https://shop.example.com/pricing?plan=pro',
          }),
        ],
        nextCursor: null,
      }),
    });
    renderPage('/feedback');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /First line/ }));
    expect(location()).toHaveTextContent('/feedback/f1');
    const dialog = await screen.findByRole('region', { name: 'Feedback details' });
    const shown = within(dialog).getByText((_, element) => element?.tagName === 'P' && element.textContent === message);
    expect(shown).toHaveClass('tb-details-message');
    expect(dialog.querySelector('b')).toBeNull();
    const author = within(dialog).getByText('Visitor').nextElementSibling;
    expect(author).toHaveTextContent('Ada (ada@example.com)');
    expect(within(dialog).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    expect(within(dialog).getByText('Widget').nextElementSibling).toHaveTextContent('Unknown Widget');
    const browser = within(dialog).getByText('Browser').nextElementSibling as HTMLElement;
    expect(browser).toHaveTextContent(/^Chrome 131\s*·\s*macOS\s*·\s*Desktop/);
    // The raw string stays, folded away under the summary.
    const raw = within(browser).getByText(MAC_CHROME);
    expect(raw.closest('details')).not.toHaveAttribute('open');
    // The details have room for the whole address.
    const page = within(dialog).getByRole('link', { name: 'https://shop.example.com/pricing?plan=pro' });
    expect(page).toHaveAttribute('href', 'https://shop.example.com/pricing?plan=pro');
    expect(page).toHaveAttribute('target', '_blank');
    expect(page).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('a row shows its page as a path and its age, the exact time on hover', async () => {
    const createdAt = new Date(Date.now() - 3 * 60_000).toISOString();
    serve({
      pages: () => ({
        feedbacks: [feedback({ createdAt, userAgent: MAC_CHROME, pageUrl: 'https://shop.example.com/checkout' })],
        nextCursor: null,
      }),
    });
    renderPage('/feedback');
    const row = (await screen.findByText('Love it')).closest('li') as HTMLElement;
    // The path only, as text: the row is a link already, and the entry has the whole URL.
    expect(within(row).getByText('/checkout')).toHaveClass('tb-inbox-row-path');
    expect(row.querySelectorAll('a')).toHaveLength(1);
    const age = within(row).getByText('3 minutes ago');
    expect(age.tagName).toBe('TIME');
    expect(age).toHaveAttribute('dateTime', createdAt);
    expect(age.getAttribute('title')).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
  });

  test('a page URL that is not http(s) is text, never a link', async () => {
    serve({ pages: () => ({ feedbacks: [feedback({ pageUrl: 'javascript:alert(1)' })], nextCursor: null }) });
    renderPage('/feedback');
    expect(await screen.findByText('javascript:alert(1)')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  test('Older follows the cursor and Newer comes back to the newest page', async () => {
    serve({
      pages: (url) =>
        url.searchParams.get('cursor') === 'c1'
          ? { feedbacks: [feedback({ _id: 'f2', message: 'Older one' })], nextCursor: null }
          : { feedbacks: [feedback({ message: 'Newest one' })], nextCursor: 'c1' },
    });
    renderPage('/feedback');
    const user = userEvent.setup();
    await screen.findByText('Newest one');
    expect(requests.find((url) => url.pathname === '/api/feedback')?.searchParams.get('limit')).toBe('20');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Older one')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Newest one')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  test('an empty inbox says so, and no pager is shown', async () => {
    serve({ pages: () => ({ feedbacks: [], nextCursor: null }) });
    renderPage('/feedback');
    expect(await screen.findByText('No feedback received yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Feedback pages' })).toBeNull();
  });

  test('a failed load says so and Retry loads again', async () => {
    let fail = true;
    serve({ pages: () => (fail ? 'fail' : { feedbacks: [feedback()], nextCursor: null }) });
    renderPage('/feedback');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Failed to load feedback. Please try again.'));
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Love it')).toBeInTheDocument();
  });

  test('hidden feedback is announced with an upgrade to the suggested plan', async () => {
    serve({
      pages: () => ({ feedbacks: [feedback()], nextCursor: null }),
      summary: { ...NO_HIDDEN, hiddenFeedbackCount: 3 },
    });
    renderPage('/feedback');
    expect(
      await screen.findByText(
        '3 feedback entries are hidden: your Free plan shows up to 50 per month. Nothing is lost: upgrade to see them.',
      ),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() => expect(location().textContent).toBe('/checkout?plan=pro'));
  });

  test('one hidden entry on a per-widget cap reads in the singular and suggests the next plan', async () => {
    serve({
      pages: () => ({ feedbacks: [feedback()], nextCursor: null }),
      summary: {
        plan: 'pro',
        maxVisibleFeedbackPerMonth: 500,
        feedbackScope: 'widget',
        hiddenFeedbackCount: 1,
        suggestedPlan: 'premium',
      },
    });
    renderPage('/feedback');
    expect(
      await screen.findByText(
        '1 feedback entry is hidden: your Pro plan shows up to 500 per widget per month. Nothing is lost: upgrade to see it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
  });

  test('on a phone the upgrade is a full-size button, and each row is a link to its entry', async () => {
    const screenWidth = mockWindowWidth(375);
    try {
      serve({
        pages: () => ({ feedbacks: [feedback()], nextCursor: null }),
        summary: { ...NO_HIDDEN, hiddenFeedbackCount: 3 },
      });
      renderPage('/feedback');
      const upgrade = await screen.findByRole('button', { name: 'Upgrade to Pro' });
      expect(upgrade).not.toHaveClass('ant-btn-sm');
      const cards = within(screen.getByRole('list', { name: 'Feedback' })).getAllByRole('listitem');
      expect(cards).toHaveLength(1);
      expect(within(cards[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/feedback/f1');
    } finally {
      screenWidth.restore();
    }
  });

  test('no notice while nothing is hidden', async () => {
    serve({ pages: () => ({ feedbacks: [feedback()], nextCursor: null }) });
    renderPage('/feedback');
    await screen.findByText('Love it');
    await waitFor(() => expect(requests.some((url) => url.pathname === '/api/feedback/summary')).toBe(true));
    expect(screen.queryByText(/feedback entr(y is|ies are) hidden/)).toBeNull();
  });
});
