// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { fakeInbox, feedbackItem, type FakeInbox } from '../testing/fake-inbox';
import { FeedbackPage } from './feedback-page';

let server: FakeInbox;
let rendered: RenderWithProvidersResult | undefined;
/** What the browser was handed to save: the file's name and its text. */
let saved: { name: string; text: Promise<string> }[];
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  server = fakeInbox([
    feedbackItem('f1', 'Refund please', { status: 'resolved', createdAt: '2026-11-10T10:00:00.000Z' }),
    feedbackItem('f2', 'Refund again', { status: 'resolved', createdAt: '2026-10-10T10:00:00.000Z' }),
    feedbackItem('f3', 'Refund, new', { createdAt: '2026-11-10T10:00:00.000Z' }),
  ]);
  vi.stubGlobal('fetch', server.fetch);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
  saved = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs: these keep the Blob the link points to.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:console.test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, text: blob.text() });
  });
});
afterEach(async () => {
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  rendered = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  vi.unstubAllEnvs();
});

async function exportAs(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Export/ }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

describe('Export', () => {
  test('saves the inbox as it is filtered (widget, tab, words, dates) in the file the server names', async () => {
    vi.stubEnv('TZ', 'UTC');
    rendered = renderWithProviders(<FeedbackPage />, {
      path: '/feedback?widget=w1&status=resolved&q=refund&from=2026-11-01&to=2026-11-30',
    });
    await screen.findByText('Refund please');
    await exportAs('CSV (spreadsheet)');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('tellbox-feedback-2026-11-24.csv');
    expect(await saved[0]?.text).toBe('ID,Message\nf1,Refund please');

    const [request] = server.requests.filter(({ url }) => url.pathname === '/api/feedback/export');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      format: 'csv',
      widgetId: 'w1',
      status: 'resolved',
      q: 'refund',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
    expect(new Headers(request?.init?.headers).get('Authorization')).toBe('Bearer test');
  });

  test('JSON too; the button is back once the file is handed over', async () => {
    rendered = renderWithProviders(<FeedbackPage />, { path: '/feedback' });
    await screen.findByText('Refund, new');
    await exportAs('JSON');
    await waitFor(() => expect(saved.map(({ name }) => name)).toEqual(['tellbox-feedback-2026-11-24.json']));
    expect(server.asked('/api/feedback/export')[0]?.searchParams.get('status')).toBe('new');
    expect(await screen.findByRole('button', { name: /^Export$/ })).toBeEnabled();
  });

  test('waits while the filters leave nothing to export', async () => {
    rendered = renderWithProviders(<FeedbackPage />, { path: '/feedback?q=nothing-like-this' });
    expect(await screen.findByText('No feedback matches “nothing-like-this”.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Export/ })).toBeDisabled());
  });

  test("a refused export says why, in the server's words, and saves nothing", async () => {
    server.failExport(400, 'Search for at most 200 characters.');
    rendered = renderWithProviders(<FeedbackPage />, { path: '/feedback' });
    await screen.findByText('Refund, new');
    await exportAs('CSV (spreadsheet)');
    expect(await screen.findByText('Failed to export feedback')).toBeInTheDocument();
    expect(await screen.findByText('Search for at most 200 characters.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
