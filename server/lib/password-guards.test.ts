import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterEach, describe, expect, test } from 'vitest';
import { createPasswordGuards } from './password-guards';
import { DEFAULT_RATE_LIMIT_SETTINGS, createRateLimiterFactory } from './rate-limit';

/** A handler that stands for a password check: it records how many run at once, per account. */
function recordingCheck(holdMs = 20) {
  const running = new Map<string, number>();
  const most = new Map<string, number>();
  let mostOverall = 0;
  let handled = 0;
  const handler: RequestHandler = async (_req, res) => {
    const account = String(res.locals.user.id);
    running.set(account, (running.get(account) ?? 0) + 1);
    most.set(account, Math.max(most.get(account) ?? 0, running.get(account) ?? 0));
    mostOverall = Math.max(
      mostOverall,
      [...running.values()].reduce((sum, count) => sum + count, 0),
    );
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    running.set(account, (running.get(account) ?? 1) - 1);
    handled += 1;
    res.json({ ok: true });
  };
  return { handler, most, mostOverall: () => mostOverall, handled: () => handled };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** An app with the current-password guards (rate limits off) in front of `check`; `?account=` logs in. */
async function serve(check: RequestHandler) {
  const app = express();
  app.set('trust proxy', 1);
  const guards = createPasswordGuards(createRateLimiterFactory({ ...DEFAULT_RATE_LIMIT_SETTINGS, enabled: false }));
  app.post(
    '/check',
    (req, res, next) => {
      res.locals.user = { id: String(req.query.account) };
      next();
    },
    ...guards.currentPassword,
    check,
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/check`;
  return (account: string, address: string, signal?: AbortSignal) =>
    fetch(`${url}?account=${account}`, { method: 'POST', headers: { 'X-Forwarded-For': address }, signal });
}

describe('current-password guards', () => {
  test('run one check at a time per account and per address; different ones in parallel', async () => {
    const check = recordingCheck();
    const post = await serve(check.handler);
    const sent = [
      ...Array.from({ length: 5 }, (_, i) => post('a', `192.0.2.${i}`)),
      ...Array.from({ length: 5 }, () => post('b', '198.51.100.1')),
      post('c', '203.0.113.1'),
    ];
    const statuses = await Promise.all(sent.map(async (response) => (await response).status));
    expect(statuses).toEqual(Array<number>(11).fill(200));
    expect(check.most.get('a')).toBe(1);
    expect(check.most.get('b')).toBe(1);
    expect(check.mostOverall()).toBeGreaterThan(1);
  });

  test('one address never runs two checks at once, whichever accounts they are for', async () => {
    const check = recordingCheck();
    const post = await serve(check.handler);
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => post(`account-${i}`, '192.0.2.99')));
    expect(responses.map((response) => response.status)).toEqual(Array<number>(5).fill(200));
    expect(check.mostOverall()).toBe(1);
  });

  test('a request whose client left while it waited is never checked', async () => {
    const check = recordingCheck(300);
    const post = await serve(check.handler);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = post('a', '192.0.2.1');
    await pause(50); // the first check is running
    const leaving = new AbortController();
    const gone = post('a', '192.0.2.2', leaving.signal).catch(() => undefined);
    await pause(50); // the second waits for its turn
    leaving.abort();
    await gone;
    expect((await first).status).toBe(200);
    expect((await post('a', '192.0.2.3')).status).toBe(200);
    expect(check.handled()).toBe(2);
  });
});
