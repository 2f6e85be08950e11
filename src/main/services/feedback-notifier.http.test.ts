/**
 * The notification path of the main process over real HTTP, Electron aside: a Tellbox server, the
 * shared event stream client, the notifier, and a recording in place of the native notification.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Widget } from '../../shared/api';
import { connectEventStream, type EventStreamOptions } from '../../shared/event-stream';
import { createApiClient, type ApiClient } from '../../../tests/helpers/api-client';
import { createOwner, createWidget, validFeedback, type TestOwner } from '../../../tests/helpers/factories';
import { startTestServer, type TestServer } from '../../../tests/helpers/start-server';
import { createFeedbackNotifier, type FeedbackNotifier } from './feedback-notifier';
import type { NotificationText } from './notifications';

const ORIGIN = { Origin: 'https://shop.example.com' };
/** /metrics is on so the test can see the server's count of open event streams. */
const METRICS_TOKEN = 'notifier-test-metrics-token-0123456789';

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('timed out waiting');
    },
    { timeout: ms, interval: 20 },
  );
}

/** The server's own count of open event streams (its `tellbox_event_streams_open` gauge). */
async function openStreamsOnServer(): Promise<number> {
  const { status, text } = await api.get('/metrics', { token: METRICS_TOKEN });
  expect(status).toBe(200);
  const value = /^tellbox_event_streams_open (\d+)$/m.exec(text)?.[1];
  expect(value).toBeDefined();
  return Number(value);
}

let server: TestServer;
let api: ApiClient;
let owner: TestOwner;
let widget: Widget;
let notifier: FeedbackNotifier;
let openStreams = 0;
const shown: Array<{ text: NotificationText; onClick: () => void }> = [];
const focusWindow = vi.fn();
const sendRoute = vi.fn();

const postFeedback = (message: string) =>
  api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }), { headers: ORIGIN });

beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN } });
  api = createApiClient(server.url);
  owner = await createOwner(server, api, { plan: 'premium' });
  widget = await createWidget(api, owner, { name: 'Shop <b>EU</b>' });
  notifier = createFeedbackNotifier({
    // The real client; only its "open" status is watched, so the test knows when to post.
    connect: (options: EventStreamOptions) =>
      connectEventStream({
        ...options,
        onStatus: (status) => {
          if (status === 'open') openStreams += 1;
        },
      }),
    showNotification: (text, onClick) => shown.push({ text, onClick }),
    focusWindow,
    sendRoute,
    isEnabled: () => true,
    getServerUrl: () => server.url,
    getToken: async () => `Bearer ${owner.token}`,
    fetch,
  });
});

afterAll(async () => {
  notifier?.stop();
  await server?.close();
});

describe('feedback notifications over a real event stream', () => {
  test("a visitor's feedback becomes one plain-text notification; a click opens that widget's feedback", async () => {
    await notifier.start();
    await waitFor(() => openStreams === 1);
    const message = '<img src=x onerror=alert(1)>   The\ncheckout button does nothing';
    expect((await postFeedback(message)).status).toBe(201);
    await waitFor(() => shown.length === 1, 2000);
    expect(shown[0]?.text).toEqual({
      title: 'Shop <b>EU</b>',
      body: '<img src=x onerror=alert(1)> The checkout button does nothing',
    });
    shown[0]?.onClick();
    expect(focusWindow).toHaveBeenCalledTimes(1);
    expect(sendRoute).toHaveBeenCalledWith(`/feedback?widget=${widget._id}`);
  });

  test('after stop (logout) no more notifications arrive', async () => {
    expect(await openStreamsOnServer()).toBe(1);
    notifier.stop();
    // The server sees the stream close: nothing it stores from now on has a way to this notifier.
    await waitFor(async () => (await openStreamsOnServer()) === 0);
    expect((await postFeedback('Anyone there?')).status).toBe(201);
    // A new login opens a new stream, and the next feedback arrives on it; the one sent while
    // logged out would have come first.
    await notifier.start();
    await waitFor(() => openStreams === 2);
    expect((await postFeedback('Back again')).status).toBe(201);
    await waitFor(() => shown.length >= 2, 2000);
    expect(shown.map((notification) => notification.text.body)).toEqual([
      '<img src=x onerror=alert(1)> The checkout button does nothing',
      'Back again',
    ]);
  });
});
