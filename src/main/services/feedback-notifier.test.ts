import { describe, expect, test, vi } from 'vitest';
import type { FeedbackEvent } from '../../shared/desktop-events';
import type { EventStreamOptions } from '../../shared/event-stream';
import { createFeedbackNotifier, type FeedbackNotifierDeps } from './feedback-notifier';
import type { NotificationText } from './notifications';

const SERVER = 'https://tellbox.example.com';
const TOKEN = 'Bearer abc';

const EVENT: FeedbackEvent = {
  feedbackId: 'f1',
  widgetId: 'w_1',
  widgetName: 'Main site',
  message: 'The <b>checkout</b> button does nothing',
  createdAt: '2026-11-21T10:00:00.000Z',
};

/** A fake connectEventStream: records each connection and lets the test push events through it. */
function fakeConnect() {
  const connections: Array<{ options: EventStreamOptions; stopped: boolean }> = [];
  const connect = vi.fn((options: EventStreamOptions) => {
    const connection = { options, stopped: false };
    connections.push(connection);
    return {
      stop: () => {
        connection.stopped = true;
      },
    };
  });
  const open = () => connections.filter((c) => !c.stopped);
  return { connect, connections, open };
}

function setup(overrides: Partial<FeedbackNotifierDeps> = {}) {
  const stream = fakeConnect();
  const shown: Array<{ text: NotificationText; onClick: () => void }> = [];
  let enabled = true;
  let serverUrl: string | null = SERVER;
  let token: string | null = TOKEN;
  const focusWindow = vi.fn();
  const sendRoute = vi.fn();
  const deps = {
    connect: stream.connect,
    showNotification: vi.fn((text: NotificationText, onClick: () => void) => {
      shown.push({ text, onClick });
    }),
    focusWindow,
    sendRoute,
    isEnabled: () => enabled,
    getServerUrl: () => serverUrl,
    getToken: vi.fn(async () => token),
    fetch: vi.fn<typeof fetch>(),
    ...overrides,
  };
  const notifier = createFeedbackNotifier(deps);
  return {
    notifier,
    deps,
    focusWindow,
    sendRoute,
    stream,
    shown,
    setEnabled: (value: boolean) => (enabled = value),
    setServerUrl: (value: string | null) => (serverUrl = value),
    setToken: (value: string | null) => (token = value),
  };
}

describe('feedback notifier', () => {
  test("connects to the server's event stream with the token source and fetch it was given", async () => {
    const { notifier, stream, deps } = setup();
    await notifier.start();
    expect(stream.connect).toHaveBeenCalledTimes(1);
    const options = stream.connections[0]?.options;
    expect(options?.url).toBe(`${SERVER}/api/events`);
    expect(options?.getToken).toBe(deps.getToken);
    expect(options?.fetch).toBe(deps.fetch);
    // The token travels through getToken (an Authorization header), never in the URL.
    expect(options?.url).not.toContain('abc');
  });

  test('each feedback event shows one plain-text notification when enabled', async () => {
    const { notifier, stream, shown } = setup();
    await notifier.start();
    stream.connections[0]?.options.onFeedback(EVENT);
    expect(shown.map((s) => s.text)).toEqual([{ title: 'Main site', body: 'The <b>checkout</b> button does nothing' }]);
  });

  test('with bodyMarkup (Linux) the body is escaped', async () => {
    const { notifier, stream, shown } = setup({ bodyMarkup: true });
    await notifier.start();
    stream.connections[0]?.options.onFeedback(EVENT);
    expect(shown[0]?.text.body).toBe('The &lt;b&gt;checkout&lt;/b&gt; button does nothing');
  });

  test('no notification while notifications are turned off, and they resume when turned on', async () => {
    const { notifier, stream, shown, setEnabled } = setup();
    await notifier.start();
    setEnabled(false);
    stream.connections[0]?.options.onFeedback(EVENT);
    expect(shown).toHaveLength(0);
    setEnabled(true);
    stream.connections[0]?.options.onFeedback(EVENT);
    expect(shown).toHaveLength(1);
  });

  test("a click focuses the window and sends the widget's feedback route", async () => {
    const { notifier, stream, shown, focusWindow, sendRoute } = setup();
    await notifier.start();
    stream.connections[0]?.options.onFeedback(EVENT);
    expect(focusWindow).not.toHaveBeenCalled();
    shown[0]?.onClick();
    expect(focusWindow).toHaveBeenCalledTimes(1);
    expect(sendRoute).toHaveBeenCalledWith('/feedback?widget=w_1');
    expect(focusWindow.mock.invocationCallOrder[0]).toBeLessThan(sendRoute.mock.invocationCallOrder[0] ?? 0);
  });

  test('a click on a crafted event only ever opens /feedback', async () => {
    const { notifier, stream, shown, deps } = setup();
    await notifier.start();
    const crafted = { ...EVENT, widgetId: '../settings?x=1', url: 'https://evil.tld' } as FeedbackEvent;
    stream.connections[0]?.options.onFeedback(crafted);
    shown[0]?.onClick();
    expect(deps.sendRoute).toHaveBeenCalledWith('/feedback');
  });

  test('without a server URL nothing connects and nothing is shown', async () => {
    const { notifier, stream, deps, setServerUrl } = setup();
    setServerUrl(null);
    await notifier.start();
    expect(stream.connect).not.toHaveBeenCalled();
    expect(deps.showNotification).not.toHaveBeenCalled();
  });

  test('without a token (logged out) nothing connects', async () => {
    const { notifier, stream, setToken } = setup();
    setToken(null);
    await notifier.start();
    expect(stream.connect).not.toHaveBeenCalled();
  });

  test('a token source that fails counts as no token', async () => {
    const { notifier, stream } = setup({ getToken: async () => Promise.reject(new Error('keychain locked')) });
    await expect(notifier.start()).resolves.toBeUndefined();
    expect(stream.connect).not.toHaveBeenCalled();
  });

  test('start twice keeps one connection', async () => {
    const { notifier, stream } = setup();
    await notifier.start();
    await notifier.start();
    expect(stream.connect).toHaveBeenCalledTimes(1);
  });

  test('restart on a new token (login) drops the old stream and opens a new one', async () => {
    const { notifier, stream, shown, setToken } = setup();
    await notifier.start();
    setToken('Bearer new');
    await notifier.restart();
    expect(stream.connect).toHaveBeenCalledTimes(2);
    expect(stream.connections[0]?.stopped).toBe(true);
    expect(stream.open()).toHaveLength(1);
    // A late event from the old stream is ignored.
    stream.connections[0]?.options.onFeedback(EVENT);
    expect(shown).toHaveLength(0);
    stream.connections[1]?.options.onFeedback(EVENT);
    expect(shown).toHaveLength(1);
  });

  test('restart on a new server URL connects to the new server', async () => {
    const { notifier, stream, setServerUrl } = setup();
    await notifier.start();
    setServerUrl('http://127.0.0.1:3000');
    await notifier.restart();
    expect(stream.open().map((c) => c.options.url)).toEqual(['http://127.0.0.1:3000/api/events']);
  });

  test('stop (logout) closes the stream and silences it', async () => {
    const { notifier, stream, shown } = setup();
    await notifier.start();
    notifier.stop();
    expect(stream.connections[0]?.stopped).toBe(true);
    stream.connections[0]?.options.onFeedback(EVENT);
    expect(shown).toHaveLength(0);
  });

  test('restart after logout (token cleared) stays disconnected', async () => {
    const { notifier, stream, setToken } = setup();
    await notifier.start();
    setToken(null);
    await notifier.restart();
    expect(stream.open()).toHaveLength(0);
  });

  test('a stop while the token is still being read wins: no connection afterwards', async () => {
    let release: (token: string) => void = () => undefined;
    const slowToken = () => new Promise<string | null>((resolve) => (release = resolve));
    const { notifier, stream } = setup({ getToken: slowToken });
    const starting = notifier.start();
    notifier.stop();
    release(TOKEN);
    await starting;
    expect(stream.connect).not.toHaveBeenCalled();
  });

  test('after a 401 the client has stopped; a new token (restart) connects again', async () => {
    const { notifier, stream } = setup();
    await notifier.start();
    stream.connections[0]?.options.onUnauthorized?.();
    // connectEventStream stops itself on 401; a plain start may connect again.
    await notifier.start();
    expect(stream.connect).toHaveBeenCalledTimes(2);
  });
});
