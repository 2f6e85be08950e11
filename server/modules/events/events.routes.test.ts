/**
 * The stream handler on its own, with the bus and the session check injected: what the API suite
 * cannot see from outside (listeners and timers released when a client goes away).
 */
import type { AddressInfo } from 'node:net';
import express, { type Response } from 'express';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FeedbackItem } from '../../../src/shared/api';
import type { AuthUser } from '../../lib/auth';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import { createLogger } from '../../lib/logger';
import { createOwnerEventBus } from './event-bus';
import { createEventsRouter } from './events.routes';
import type { OwnerMessage } from './owner-messages';

const ACCOUNT: AuthUser = {
  id: 'owner-1',
  name: 'Owner',
  email: 'owner@example.com',
  lastWorkspaceId: null,
  tokenHash: 'hash',
};

/** The account's own workspace, which shares its id. */
const OWNER: WorkspaceAccess = {
  id: 'owner-1',
  name: 'Owner',
  role: 'owner',
  account: { id: ACCOUNT.id, name: ACCOUNT.name, email: ACCOUNT.email },
  plan: 'free',
  planExpiresAt: null,
  cancelAtPeriodEnd: false,
  subscriptionStatus: null,
  subscriptionId: null,
};

const ITEM: FeedbackItem = {
  _id: 'f1',
  widgetId: 'w1',
  widgetName: 'Shop',
  message: 'hello',
  pageUrl: 'https://shop.example.com/',
  status: 'new',
  assigneeId: null,
  userAgent: null,
  authorName: null,
  authorEmail: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface StartOptions {
  heartbeatMs?: number;
  valid?: () => boolean;
  maxStreamsPerOwner?: number;
  /** The stand-in for requireAuth holds the first request (a slow session lookup) until the test releases it. */
  holdAuth?: boolean;
}

/** A request held in the stand-in for requireAuth: its response, and `release()` to let it through. */
interface HeldRequest {
  res: Response;
  release: () => void;
}

async function start(options: StartOptions = {}) {
  const bus = createOwnerEventBus<OwnerMessage>();
  const resolveToken = vi.fn(async () => ((options.valid ?? (() => true))() ? ACCOUNT : undefined));
  const findVisible = vi.fn(async (_workspace: WorkspaceAccess, id: string) => (id === ITEM._id ? ITEM : null));
  let hold: (held: HeldRequest) => void = () => undefined;
  const heldRequest = new Promise<HeldRequest>((resolve) => (hold = resolve));
  const app = express();
  app.use((_req, res, next) => {
    res.locals.user = ACCOUNT;
    res.locals.workspace = OWNER;
    if (options.holdAuth) hold({ res, release: () => next() });
    else next();
  });
  app.use(
    createEventsRouter({
      bus,
      resolveToken,
      resolveWorkspace: async () => OWNER,
      feedback: { findVisible },
      logger: createLogger('silent'),
      heartbeatMs: options.heartbeatMs ?? 60_000,
      retryMs: 1000,
      maxStreamsPerOwner: options.maxStreamsPerOwner ?? 5,
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { bus, resolveToken, findVisible, url, heldRequest };
}

async function open(url: string) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { Authorization: 'Bearer t' }, signal: abort.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  const done = (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // aborted
    }
  })();
  return { abort: () => abort.abort(), done, text: () => text };
}

const until = (check: () => boolean) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error('timed out');
    },
    { timeout: 2000, interval: 5 },
  );

describe('GET /events', () => {
  test('a client that goes away releases its bus listener and its heartbeat', async () => {
    // Only the heartbeat's interval is faked: sockets, fetch and `until` keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { bus, url, resolveToken } = await start({ heartbeatMs: 50 });
      const intervalsBefore = vi.getTimerCount();
      const client = await open(url);
      await until(() => bus.listenerCount(OWNER.id) === 1);
      expect(vi.getTimerCount()).toBe(intervalsBefore + 1);
      // The heartbeat runs while the client is there: it re-checks the token and writes a comment.
      await vi.advanceTimersByTimeAsync(50);
      await until(() => client.text().includes(': heartbeat'));
      expect(resolveToken).toHaveBeenCalledTimes(1);
      client.abort();
      await until(() => bus.listenerCount(OWNER.id) === 0);
      expect(vi.getTimerCount()).toBe(intervalsBefore);
      // Ten heartbeats' time later none has run: the token is no longer re-checked.
      await vi.advanceTimersByTimeAsync(500);
      expect(resolveToken).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a client gone before the stream opened leaves no listener behind', async () => {
    const { bus, url, heldRequest } = await start({ holdAuth: true, heartbeatMs: 20 });
    const subscribe = vi.spyOn(bus, 'subscribe');
    const abort = new AbortController();
    const request = fetch(url, { headers: { Authorization: 'Bearer t' }, signal: abort.signal }).catch(() => null);
    // The client goes away while its session is being looked up, and the server sees it go.
    const held = await heldRequest;
    const gone = new Promise((resolve) => held.res.once('close', resolve));
    abort.abort();
    await request;
    await gone;
    // The lookup ends; the handler runs for a client that is no longer there.
    held.release();
    await until(() => subscribe.mock.calls.length === 1);
    expect(bus.listenerCount(OWNER.id)).toBe(0);
  });

  test('events are announced in the order stored, and only what the owner may see', async () => {
    const { bus, url, findVisible } = await start();
    const client = await open(url);
    await until(() => bus.listenerCount(OWNER.id) === 1);
    bus.publish(OWNER.id, { kind: 'feedback', feedbackId: 'hidden' });
    bus.publish(OWNER.id, { kind: 'feedback', feedbackId: ITEM._id });
    await until(() => client.text().includes('event: feedback'));
    expect(findVisible.mock.calls.map((call) => call[1])).toEqual(['hidden', ITEM._id]);
    expect(client.text()).toBe(
      `retry: 1000\n\nevent: feedback\ndata: ${JSON.stringify({
        feedbackId: 'f1',
        widgetId: 'w1',
        widgetName: 'Shop',
        message: 'hello',
        createdAt: ITEM.createdAt,
      })}\n\n`,
    );
    client.abort();
  });

  test('a new installation is announced as it was published, in order with feedback', async () => {
    const { bus, url } = await start();
    const client = await open(url);
    await until(() => bus.listenerCount(OWNER.id) === 1);
    bus.publish(OWNER.id, { kind: 'installation', widgetId: 'w1', host: 'shop.example.com' });
    bus.publish(OWNER.id, { kind: 'feedback', feedbackId: ITEM._id });
    await until(() => client.text().includes('event: feedback'));
    expect(client.text()).toMatch(
      /^retry: 1000\n\nevent: installation\ndata: \{"widgetId":"w1","host":"shop\.example\.com"\}\n\nevent: feedback\n/,
    );
    client.abort();
  });

  test('an installation for a revoked session is not sent, and ends the stream', async () => {
    let valid = true;
    const { bus, url } = await start({ valid: () => valid });
    const client = await open(url);
    await until(() => bus.listenerCount(OWNER.id) === 1);
    valid = false;
    bus.publish(OWNER.id, { kind: 'installation', widgetId: 'w1', host: 'shop.example.com' });
    await client.done;
    expect(client.text()).toBe('retry: 1000\n\n');
  });

  test('a token found revoked at a heartbeat ends the stream and its listener', async () => {
    let valid = true;
    const { bus, url } = await start({ heartbeatMs: 30, valid: () => valid });
    const client = await open(url);
    await until(() => client.text().includes(': heartbeat'));
    valid = false;
    await client.done;
    expect(bus.listenerCount(OWNER.id)).toBe(0);
  });

  test('over the cap, the oldest stream is closed and its listener released', async () => {
    const { bus, url } = await start({ maxStreamsPerOwner: 2 });
    const first = await open(url);
    const second = await open(url);
    await until(() => bus.listenerCount(OWNER.id) === 2);
    const third = await open(url);
    await first.done;
    expect(first.text()).toBe('retry: 1000\n\nretry: 60000\n\n');
    await until(() => bus.listenerCount(OWNER.id) === 2);
    second.abort();
    third.abort();
    await until(() => bus.listenerCount(OWNER.id) === 0);
  });
});
