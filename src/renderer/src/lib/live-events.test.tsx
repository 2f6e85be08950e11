// @vitest-environment jsdom
import '../testing/setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FeedbackEvent } from '../../../shared/desktop-events';
import { FREE_SUBSCRIPTION, useSessionStore } from '../stores/session-store';
import { LIVE_EVENTS_URL, LIVE_REFRESH_DELAY_MS, useLiveOwnerEvents } from './live-events';
import { ownerKeys } from './owner-data/query-keys';

const EVENT: FeedbackEvent = {
  feedbackId: 'f1',
  widgetId: 'w1',
  widgetName: 'Shop',
  message: 'hello',
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** One streamed answer per fetch call, written by the test. */
interface FakeStream {
  init: RequestInit | undefined;
  push: (text: string) => void;
}

const streams: FakeStream[] = [];
const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
  streams.push({ init, push: (text) => controller.enqueue(new TextEncoder().encode(text)) });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
});

const frame = (event: FeedbackEvent) => `event: feedback\ndata: ${JSON.stringify(event)}\n\n`;
const installationFrame = (host: string) =>
  `event: installation\ndata: ${JSON.stringify({ widgetId: 'w1', host })}\n\n`;
const authorization = (stream: FakeStream | undefined) => new Headers(stream?.init?.headers).get('authorization');

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveOwnerEvents(), { wrapper });
  return { invalidate, hook };
}

beforeEach(() => {
  streams.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ user: null, token: null, subscription: FREE_SUBSCRIPTION, restoring: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * Fakes the refresh's timer from here on (the stream is read with promises, which stay real).
 * `vi.advanceTimersByTimeAsync` lets every queued promise callback run before it moves the clock,
 * so frames already pushed are parsed, and their refresh scheduled, before any time passes.
 */
const fakeRefreshTimer = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

describe('useLiveOwnerEvents', () => {
  test('without a session nothing is opened', async () => {
    setup();
    // A later login opens the stream: a request made without a session would have come before it.
    act(() => useSessionStore.setState({ token: 'Bearer tok-1' }));
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authorization(streams[0])).toBe('Bearer tok-1');
  });

  test('opens /api/events with the session token in the header, never in the URL', async () => {
    useSessionStore.setState({ token: 'Bearer tok-1' });
    setup();
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(LIVE_EVENTS_URL).toBe('/api/events');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/events');
    expect(authorization(streams[0])).toBe('Bearer tok-1');
  });

  test('feedback invalidates the overview, the inbox and the cap summary, once per burst', async () => {
    useSessionStore.setState({ token: 'Bearer tok-1' });
    const { invalidate } = setup();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeStream;
    fakeRefreshTimer();
    act(() => {
      stream.push(frame(EVENT));
      stream.push(frame({ ...EVENT, feedbackId: 'f2' }));
      stream.push('event: feedback\ndata: {"broken":true}\n\n');
    });
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_DELAY_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ownerKeys.overview(),
      ownerKeys.feedbackAll(),
      ownerKeys.feedbackSummary(),
    ]);
    await vi.advanceTimersByTimeAsync(4 * LIVE_REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(3);

    act(() => stream.push(frame({ ...EVENT, feedbackId: 'f3' })));
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(6);
  });

  test('a new installation invalidates the widgets (installations included) and the overview, once per burst', async () => {
    useSessionStore.setState({ token: 'Bearer tok-1' });
    const { invalidate } = setup();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeStream;
    fakeRefreshTimer();
    act(() => {
      stream.push(installationFrame('shop.example.com'));
      stream.push(installationFrame('blog.example.com'));
      stream.push('event: installation\ndata: {"widgetId":"w1"}\n\n');
    });
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_DELAY_MS);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ownerKeys.widgets(),
      ownerKeys.overview(),
    ]);
    await vi.advanceTimersByTimeAsync(4 * LIVE_REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  test('feedback and an installation in one burst refresh what either changes, each once', async () => {
    useSessionStore.setState({ token: 'Bearer tok-1' });
    const { invalidate } = setup();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeStream;
    fakeRefreshTimer();
    act(() => {
      stream.push(frame(EVENT));
      stream.push(installationFrame('shop.example.com'));
    });
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_DELAY_MS);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ownerKeys.overview(),
      ownerKeys.feedbackAll(),
      ownerKeys.feedbackSummary(),
      ownerKeys.widgets(),
    ]);
    await vi.advanceTimersByTimeAsync(4 * LIVE_REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(4);
  });

  test('a new token restarts the stream; logout closes it', async () => {
    useSessionStore.setState({ token: 'Bearer tok-1' });
    const { hook } = setup();
    await waitFor(() => expect(streams).toHaveLength(1));

    act(() => useSessionStore.setState({ token: 'Bearer tok-2' }));
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[0]?.init?.signal?.aborted).toBe(true);
    expect(authorization(streams[1])).toBe('Bearer tok-2');

    act(() => useSessionStore.setState({ token: null }));
    await waitFor(() => expect(streams[1]?.init?.signal?.aborted).toBe(true));
    // The next login opens the third stream: one opened after the logout would have come before it.
    act(() => useSessionStore.setState({ token: 'Bearer tok-3' }));
    await waitFor(() => expect(streams).toHaveLength(3));
    expect(authorization(streams[2])).toBe('Bearer tok-3');
    expect(fetchMock).toHaveBeenCalledTimes(3);

    hook.unmount();
  });

  test('unmounting closes the stream', async () => {
    useSessionStore.setState({ token: 'Bearer tok-1' });
    const { hook } = setup();
    await waitFor(() => expect(streams).toHaveLength(1));
    hook.unmount();
    expect(streams[0]?.init?.signal?.aborted).toBe(true);
  });
});
