/**
 * The shared event stream client against a real loopback HTTP server (Node's fetch, real
 * sockets); only the reconnect timers are injected, so each wait is read exactly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FeedbackEvent, InstallationEvent } from './desktop-events';
import {
  backoffDelayMs,
  connectEventStream,
  parseFeedbackEvent,
  parseInstallationEvent,
  type EventStreamOptions,
} from './event-stream';

const EVENT: FeedbackEvent = {
  feedbackId: 'f1',
  widgetId: 'w1',
  widgetName: 'Shop',
  message: 'Love it <img src=x onerror=alert(1)>',
  createdAt: '2026-03-01T10:00:00.000Z',
};
const feedbackFrame = (event: unknown) => `event: feedback\ndata: ${JSON.stringify(event)}\n\n`;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface Loopback {
  url: string;
  requests: http.IncomingMessage[];
  /** Requests whose connection has closed (the client aborted or the answer ended). */
  closed: number;
  handle: (handler: Handler) => void;
  close: () => Promise<void>;
}

async function startLoopback(): Promise<Loopback> {
  let handler: Handler = (_req, res) => res.end();
  const loopback = {
    requests: [] as http.IncomingMessage[],
    closed: 0,
  };
  const server = http.createServer((req, res) => {
    loopback.requests.push(req);
    res.on('close', () => (loopback.closed += 1));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return Object.assign(loopback, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`,
    handle: (next: Handler) => {
      handler = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** An event stream answer that stays open, with the given frames written now. */
const streamOf =
  (...frames: string[]): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.flushHeaders();
    for (const frame of frames) res.write(frame);
  };

/** Reconnect timers, held instead of run: `fire()` runs the oldest. */
function manualTimers() {
  const pending: { fn: () => void; ms: number; handle: number; cleared: boolean }[] = [];
  let next = 0;
  return {
    delays: () => pending.map((timer) => timer.ms),
    cleared: () => pending.filter((timer) => timer.cleared).map((timer) => timer.handle),
    setTimeout: (fn: () => void, ms: number) => {
      next += 1;
      pending.push({ fn, ms, handle: next, cleared: false });
      return next;
    },
    clearTimeout: (handle: unknown) => {
      const timer = pending.find((t) => t.handle === handle);
      if (timer) timer.cleared = true;
    },
    fire(index: number) {
      const timer = pending[index];
      if (!timer || timer.cleared) throw new Error(`no live timer ${index}`);
      timer.fn();
    },
  };
}

async function until(check: () => boolean, what = 'condition', ms = 2000) {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 5 },
  );
}

/**
 * Resolves once every callback already queued has run: with its timers injected and held, what the
 * client does next without new bytes from the network (a reconnect timer, another fetch, a status)
 * is promise callbacks, and those all run before a macrotask.
 */
const drained = () => new Promise<void>((resolve) => setImmediate(resolve));

let loopback: Loopback;
const stops: (() => void)[] = [];
beforeEach(async () => {
  loopback = await startLoopback();
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await loopback.close();
});

function connect(overrides: Partial<EventStreamOptions> = {}) {
  const log = { events: [] as FeedbackEvent[], statuses: [] as string[], unauthorized: 0, fetches: 0 };
  const timers = manualTimers();
  const connection = connectEventStream({
    url: loopback.url,
    getToken: () => 'Bearer secret-token',
    fetch: (...args) => {
      log.fetches += 1;
      return fetch(...args);
    },
    onFeedback: (event) => log.events.push(event),
    onUnauthorized: () => (log.unauthorized += 1),
    onStatus: (status) => log.statuses.push(status),
    backoff: { initialMs: 1000, maxMs: 8000 },
    random: () => 0.5,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    ...overrides,
  });
  stops.push(() => connection.stop());
  return { connection, log, timers };
}

describe('backoffDelayMs', () => {
  const backoff = { initialMs: 1000, maxMs: 60_000 };

  test('doubles per attempt, with jitter between half and all of the step', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelayMs(attempt, backoff, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((attempt) => backoffDelayMs(attempt, backoff, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelayMs(2, backoff, () => 0.5)).toBe(3000);
  });

  test('is capped at maxMs however many attempts failed, and tolerates odd input', () => {
    expect(backoffDelayMs(6, backoff, () => 1)).toBe(60_000);
    expect(backoffDelayMs(10_000, backoff, () => 1)).toBe(60_000);
    expect(backoffDelayMs(-3, backoff, () => 1)).toBe(1000);
    expect(backoffDelayMs(0, backoff, () => 7)).toBe(1000);
    // A broken jitter source falls back to the full step, never NaN or zero.
    expect(backoffDelayMs(0, backoff, () => Number.NaN)).toBe(1000);
  });
});

describe('parseFeedbackEvent', () => {
  test('accepts the contract and keeps only its fields', () => {
    expect(parseFeedbackEvent(JSON.stringify({ ...EVENT, extra: 'dropped', __proto__: { x: 1 } }))).toEqual(EVENT);
  });

  test.each([
    ['not JSON', '{"feedbackId":'],
    ['null', 'null'],
    ['an array', JSON.stringify([EVENT])],
    ['a string', JSON.stringify('feedback')],
    ['a missing field', JSON.stringify({ ...EVENT, message: undefined })],
    ['a number for a string', JSON.stringify({ ...EVENT, widgetName: 42 })],
    ['an object for the message', JSON.stringify({ ...EVENT, message: { html: '<b>' } })],
  ])('rejects %s', (_name, data) => {
    expect(parseFeedbackEvent(data)).toBeNull();
  });
});

describe('parseInstallationEvent', () => {
  const INSTALLATION: InstallationEvent = { widgetId: 'w1', host: 'shop.example.com' };

  test('accepts the contract and keeps only its fields', () => {
    expect(parseInstallationEvent(JSON.stringify({ ...INSTALLATION, installationCount: 3 }))).toEqual(INSTALLATION);
  });

  test.each([
    ['not JSON', '{"widgetId":'],
    ['null', 'null'],
    ['an array', JSON.stringify([INSTALLATION])],
    ['a missing host', JSON.stringify({ widgetId: 'w1' })],
    ['a number for the widget id', JSON.stringify({ widgetId: 1, host: 'shop.example.com' })],
  ])('rejects %s', (_name, data) => {
    expect(parseInstallationEvent(data)).toBeNull();
  });
});

describe('connectEventStream', () => {
  test('sends the token in the Authorization header only, and asks for an event stream', async () => {
    loopback.handle(streamOf(': hi\n\n'));
    const { log } = connect();
    await until(() => log.statuses.includes('open'), 'open');
    const request = loopback.requests[0] as http.IncomingMessage;
    expect(request.headers.authorization).toBe('Bearer secret-token');
    expect(request.headers.accept).toBe('text/event-stream');
    expect(request.url).toBe('/api/events');
  });

  test("calls fetch detached, as a browser's window.fetch requires", async () => {
    loopback.handle(streamOf());
    const { log } = connect({
      fetch: function (this: unknown, ...args: Parameters<typeof fetch>) {
        if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
        return fetch(...args);
      } as typeof fetch,
    });
    await until(() => log.statuses.includes('open'), 'open');
  });

  test('a bare token gets the Bearer prefix', async () => {
    loopback.handle(streamOf());
    const { log } = connect({ getToken: async () => 'bare-token' });
    await until(() => log.statuses.includes('open'), 'open');
    expect(loopback.requests[0]?.headers.authorization).toBe('Bearer bare-token');
  });

  test('parses feedback events split across chunks and lines; ignores other events, comments and junk', async () => {
    loopback.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      const text = [
        ': heartbeat\n\n',
        'event: other\ndata: {"feedbackId":"x"}\n\n',
        'data: {"no":"event name"}\n\n',
        feedbackFrame(EVENT),
        'event: feedback\ndata: not json\n\n',
        'event: feedback\ndata: {"feedbackId":"only"}\n\n',
        'event: feedback\r\ndata: ' + JSON.stringify({ ...EVENT, feedbackId: 'f2' }) + '\r\n\r\n',
        'unknown-field: whatever\n\n',
        feedbackFrame({ ...EVENT, feedbackId: 'f3', message: 'é ✓ 日本' }),
      ].join('');
      // One byte at a time, multi-byte characters included: the decoder and the parser reassemble.
      const bytes = Buffer.from(text, 'utf8');
      let i = 0;
      const drip = () => {
        if (i >= bytes.length) return;
        res.write(bytes.subarray(i, i + 7));
        i += 7;
        setImmediate(drip);
      };
      drip();
    });
    const { log } = connect();
    await until(() => log.events.length === 3, 'three events');
    expect(log.events).toEqual([
      EVENT,
      { ...EVENT, feedbackId: 'f2' },
      { ...EVENT, feedbackId: 'f3', message: 'é ✓ 日本' },
    ]);
    expect(log.statuses).toEqual(['connecting', 'open']);
  });

  test('installation events reach onInstallation, feedback still reaches onFeedback; broken ones are dropped', async () => {
    loopback.handle(
      streamOf(
        'event: installation\ndata: {"widgetId":"w1","host":"shop.example.com"}\n\n',
        'event: installation\ndata: {"widgetId":"w1"}\n\n',
        'event: installation\ndata: nope\n\n',
        feedbackFrame(EVENT),
        'event: installation\ndata: {"widgetId":"w2","host":"blog.example.com"}\n\n',
      ),
    );
    const installations: InstallationEvent[] = [];
    const { log } = connect({
      onInstallation: (event) => {
        installations.push(event);
        if (installations.length === 1) throw new Error('consumer bug');
      },
    });
    await until(() => installations.length === 2, 'two installations');
    expect(installations).toEqual([
      { widgetId: 'w1', host: 'shop.example.com' },
      { widgetId: 'w2', host: 'blog.example.com' },
    ]);
    expect(log.events).toEqual([EVENT]);
    expect(log.statuses).toEqual(['connecting', 'open']);
  });

  test('without onInstallation, installation events are ignored and feedback still arrives', async () => {
    loopback.handle(
      streamOf('event: installation\ndata: {"widgetId":"w1","host":"shop.example.com"}\n\n', feedbackFrame(EVENT)),
    );
    const { log } = connect();
    await until(() => log.events.length === 1, 'the feedback');
    expect(log.events).toEqual([EVENT]);
    expect(log.statuses).toEqual(['connecting', 'open']);
  });

  test('a consumer that throws does not stop the stream', async () => {
    loopback.handle(streamOf(feedbackFrame(EVENT), feedbackFrame({ ...EVENT, feedbackId: 'f2' })));
    const seen: string[] = [];
    connect({
      onFeedback: (event) => {
        seen.push(event.feedbackId);
        throw new Error('consumer bug');
      },
    });
    await until(() => seen.length === 2, 'both events');
    expect(seen).toEqual(['f1', 'f2']);
  });

  test('reconnects with growing delays after errors and closed streams, and resets after a good connection', async () => {
    let answer: 'error' | 'close' | 'html' | 'stream' = 'error';
    loopback.handle((_req, res) => {
      if (answer === 'error') res.writeHead(503).end('{"message":"down"}');
      else if (answer === 'html') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
      else if (answer === 'close') res.destroy();
      else streamOf(feedbackFrame(EVENT))(_req, res);
    });
    const { log, timers } = connect();
    await until(() => timers.delays().length === 1, 'first retry');
    answer = 'close';
    timers.fire(0);
    await until(() => timers.delays().length === 2, 'second retry');
    answer = 'html';
    timers.fire(1);
    await until(() => timers.delays().length === 3, 'third retry');
    // random() = 0.5 → three quarters of 1000, 2000, 4000.
    expect(timers.delays()).toEqual([750, 1500, 3000]);
    expect(log.statuses).toEqual(['connecting', 'waiting', 'connecting', 'waiting', 'connecting', 'waiting']);

    answer = 'stream';
    timers.fire(2);
    await until(() => log.events.length === 1, 'the event');
    expect(log.statuses.at(-1)).toBe('open');
    // The server ends the stream: the next wait starts from the first step again.
    loopback.requests.at(-1)?.socket.destroy();
    await until(() => timers.delays().length === 4, 'retry after open');
    expect(timers.delays()[3]).toBe(750);
    expect(log.unauthorized).toBe(0);
  });

  test("the server's retry hint is the shortest wait, capped at maxMs", async () => {
    loopback.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('retry: 5000\n\n');
    });
    const { timers } = connect();
    await until(() => timers.delays().length === 1, 'retry');
    expect(timers.delays()).toEqual([5000]);
    loopback.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('retry: 600000\n\n');
    });
    timers.fire(0);
    await until(() => timers.delays().length === 2, 'second retry');
    expect(timers.delays()[1]).toBe(8000);
  });

  test('401 stops the client: onUnauthorized once, no timer, no further request', async () => {
    loopback.handle((_req, res) => res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"no"}'));
    const { log, timers } = connect();
    await until(() => log.unauthorized === 1, 'onUnauthorized');
    await drained();
    expect(timers.delays()).toEqual([]);
    expect(log.fetches).toBe(1);
    expect(loopback.requests).toHaveLength(1);
    expect(log.statuses).toEqual(['connecting']);
    expect(log.unauthorized).toBe(1);
  });

  test('no token: onUnauthorized without a request', async () => {
    const { log, timers } = connect({ getToken: () => null });
    await until(() => log.unauthorized === 1, 'onUnauthorized');
    expect(loopback.requests).toHaveLength(0);
    expect(timers.delays()).toEqual([]);
  });

  test('a token that cannot be read is retried later, like a network error', async () => {
    loopback.handle(streamOf());
    const { timers } = connect({
      getToken: () => Promise.reject(new Error('keychain locked')),
    });
    await until(() => timers.delays().length === 1, 'retry');
    expect(loopback.requests).toHaveLength(0);
  });

  test('stop() aborts the open request, and nothing is reported afterwards', async () => {
    let res: http.ServerResponse | undefined;
    loopback.handle((req, response) => {
      res = response;
      streamOf(': open\n\n')(req, response);
    });
    const { connection, log, timers } = connect();
    await until(() => log.statuses.includes('open'), 'open');
    connection.stop();
    await until(() => loopback.closed === 1, 'the server sees the connection close');
    // A frame sent after the stop has nowhere to go: the write fails on the closed connection.
    const written = await new Promise<Error | null | undefined>((resolve) => res?.write(feedbackFrame(EVENT), resolve));
    expect(written).toBeInstanceOf(Error);
    await drained();
    expect(log.events).toEqual([]);
    expect(log.fetches).toBe(1);
    expect(log.statuses).toEqual(['connecting', 'open']);
    expect(timers.delays()).toEqual([]);
  });

  test('stop() while waiting cancels the reconnect timer', async () => {
    loopback.handle((_req, res) => res.writeHead(500).end());
    const { connection, timers, log } = connect();
    await until(() => timers.delays().length === 1, 'retry');
    connection.stop();
    expect(timers.cleared()).toEqual([1]);
    expect(log.statuses).toEqual(['connecting', 'waiting']);
  });

  test('stop() before the answer arrives aborts the pending fetch', async () => {
    loopback.handle(() => undefined);
    const { connection, log, timers } = connect();
    await until(() => loopback.requests.length === 1, 'the request');
    connection.stop();
    await until(() => loopback.closed === 1, 'the server sees the abort');
    await drained();
    expect(log.statuses).toEqual(['connecting']);
    expect(timers.delays()).toEqual([]);
    expect(log.fetches).toBe(1);
  });

  test('an endless line without an event is cut off and the client reconnects', async () => {
    loopback.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const junk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        if (res.destroyed || sent > 2_000_000) return;
        sent += junk.length;
        res.write(junk, () => setImmediate(pump));
      };
      pump();
    });
    const { timers } = connect();
    await until(() => timers.delays().length === 1, 'retry after overflow', 5000);
    expect(loopback.closed).toBe(1);
  });
});
