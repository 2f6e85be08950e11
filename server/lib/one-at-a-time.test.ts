import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, test } from 'vitest';
import { createKeyedTurns } from './concurrency';
import { PAUSE_AFTER_FAILURE, oneAtATime } from './one-at-a-time';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * One key per `?key=`; the handler stands for a password check that takes `?ms=` and answers
 * `?status=`. Returns the times each check started and ended.
 */
async function serve() {
  const checks: { key: string; start: number; end: number }[] = [];
  const app = express();
  app.post('/check', oneAtATime(createKeyedTurns(), { account: (req) => String(req.query.key) }), async (req, res) => {
    const start = performance.now();
    await pause(Number(req.query.ms));
    checks.push({ key: String(req.query.key), start, end: performance.now() });
    res.status(Number(req.query.status)).json({});
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/check`;
  const post = (key: string, ms: number, status: number, signal?: AbortSignal) =>
    fetch(`${base}?key=${key}&ms=${ms}&status=${status}`, { method: 'POST', signal });
  return { checks, post };
}

describe('one at a time', () => {
  test(`after a failed check the key waits ${PAUSE_AFTER_FAILURE} × as long before its next one; after a success it does not`, async () => {
    const { checks, post } = await serve();
    const failing = post('a', 100, 400);
    await pause(20); // in line first
    await Promise.all([failing, post('a', 10, 200), post('a', 10, 200)]);
    const [failed, next, last] = checks as [(typeof checks)[0], (typeof checks)[0], (typeof checks)[0]];
    expect(next.start - failed.end).toBeGreaterThanOrEqual(PAUSE_AFTER_FAILURE * 100 - 5);
    expect(last.start - next.end).toBeLessThan(50);
  });

  test('a client that leaves during its check still holds the key until the check has answered', async () => {
    const { checks, post } = await serve();
    const leaving = new AbortController();
    const left = post('a', 300, 200, leaving.signal).catch(() => undefined);
    await pause(50);
    leaving.abort();
    await left;
    const next = await post('a', 10, 200);
    expect(next.status).toBe(200);
    const [first, second] = checks as [(typeof checks)[0], (typeof checks)[0]];
    expect(second.start).toBeGreaterThanOrEqual(first.end);
  });
});
