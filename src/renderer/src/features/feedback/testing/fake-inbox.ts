/**
 * The owner API behind /feedback as the feedback tests need it, over `fetch`: the list with its
 * filters (widget, tab, words, dates) and cursor pages, the tab counts under the same filters,
 * status changes and the export. Only tests import it.
 */
import { vi } from 'vitest';
import type { FeedbackItem } from '../../../../../shared/api';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '../../../../../shared/feedback-status';
import { widget } from '../../../testing/factories';

export function feedbackItem(id: string, message: string, overrides: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    _id: id,
    widgetId: 'w1',
    widgetName: 'Shop',
    message,
    pageUrl: 'https://shop.example.com/pricing',
    userAgent: null,
    authorName: `Author ${id}`,
    authorEmail: null,
    status: 'new',
    assigneeId: null,
    createdAt: '2026-11-21T15:04:00.000Z',
    ...overrides,
  };
}

export interface FakeInbox {
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  /** Every request, in order. */
  requests: { url: URL; init: RequestInit | undefined }[];
  /** The requests to one path, as URLs. */
  asked: (path: string) => URL[];
  items: () => FeedbackItem[];
  /** What the next export answers instead of its file. */
  failExport: (status: number, message: string) => void;
}

const matchesWords = (item: FeedbackItem, q: string) =>
  [item.message, item.authorName, item.authorEmail, item.pageUrl].some((text) =>
    text?.toLowerCase().includes(q.toLowerCase()),
  );

/** Serves `initial` through a mock `fetch` (installed with `vi.stubGlobal` by the caller). */
export function fakeInbox(initial: FeedbackItem[]): FakeInbox {
  let inbox = initial;
  let exportFailure: { status: number; message: string } | null = null;
  const requests: FakeInbox['requests'] = [];
  const json = (answer: unknown, status = 200) => new Response(JSON.stringify(answer), { status });

  /** The entries a query's filters keep (its status too, unless `withStatus` is false). */
  const filtered = (url: URL, withStatus = true) => {
    const params = url.searchParams;
    const [widgetId, status, q, from, to] = ['widgetId', 'status', 'q', 'from', 'to'].map((key) => params.get(key));
    return inbox.filter(
      (item) =>
        (!widgetId || item.widgetId === widgetId) &&
        (!withStatus || (status === 'all' || !status ? item.status !== 'spam' : item.status === status)) &&
        (!q || matchesWords(item, q)) &&
        (!from || item.createdAt >= from) &&
        (!to || item.createdAt < to),
    );
  };

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    requests.push({ url, init });
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/widget') return json({ success: true, widgets: [widget('w1', 'Shop')] });
    if (url.pathname === '/api/feedback/summary') {
      return json({ plan: 'pro', maxVisibleFeedbackPerMonth: null, feedbackScope: 'account', hiddenFeedbackCount: 0 });
    }
    if (url.pathname === '/api/feedback/status-counts') {
      const matching = filtered(url, false);
      const counts = Object.fromEntries(
        FEEDBACK_STATUSES.map((status) => [status, matching.filter((item) => item.status === status).length]),
      );
      const capped = Object.fromEntries(FEEDBACK_STATUSES.map((status) => [status, false]));
      return json({ counts, capped });
    }
    if (url.pathname === '/api/feedback' && method === 'GET') {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const pageSize = Number(url.searchParams.get('limit') ?? 20);
      const matching = filtered(url);
      const feedbacks = matching.slice(start, start + pageSize);
      const nextCursor = start + pageSize < matching.length ? String(start + pageSize) : null;
      return json({ success: true, feedbacks, nextCursor });
    }
    if (url.pathname === '/api/feedback/export') {
      if (exportFailure) return json({ message: exportFailure.message }, exportFailure.status);
      const rows = filtered(url).map((item) => `${item._id},${item.message}`);
      return new Response(['ID,Message', ...rows].join('\n'), {
        headers: {
          'Content-Disposition': `attachment; filename="tellbox-feedback-2026-11-24.${url.searchParams.get('format')}"`,
        },
      });
    }
    if (method === 'GET') {
      // An entry's thread, under its details: no replies or notes (fake-thread.ts serves them).
      const feedback = inbox.find((item) => item._id === url.pathname.split('/').at(-1));
      return json({ feedback, replies: [], notes: [] });
    }
    const body = JSON.parse(String(init?.body)) as { ids?: string[]; status: FeedbackStatus };
    const changed = body.ids ?? [url.pathname.split('/').at(-1) ?? ''];
    inbox = inbox.map((item) => (changed.includes(item._id) ? { ...item, status: body.status } : item));
    return json({ success: true, updated: changed.length });
  });

  return {
    fetch: fetchMock,
    requests,
    asked: (path) => requests.filter(({ url }) => url.pathname === path).map(({ url }) => url),
    items: () => inbox,
    failExport: (status, message) => {
      exportFailure = { status, message };
    },
  };
}
