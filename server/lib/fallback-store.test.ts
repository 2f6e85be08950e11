import type { Options, Store } from 'express-rate-limit';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { redisKeys, startPrivateRedis, uniqueRedisPrefix, type PrivateRedis } from '../../tests/helpers/redis-server';
import { createFallbackStore } from './fallback-store';
import { createRedisLink, type RedisLink } from './redis';

const WINDOW_MS = 60_000;

let redis: PrivateRedis;
const links: RedisLink[] = [];

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One instance's link and a store on it, started as express-rate-limit starts it. */
function instance(prefix: string): { link: RedisLink; store: Store } {
  const link = createRedisLink({ url: redis.url, prefix, logger: pino({ level: 'silent' }), maxReconnectDelayMs: 200 });
  links.push(link);
  const store = createFallbackStore(link, `${prefix}rl:test:`);
  void store.init?.({ windowMs: WINDOW_MS } as Options);
  return { link, store };
}

const hits = async (store: Store, key: string) => (await store.increment(key)).totalHits;

beforeAll(async () => {
  redis = await startPrivateRedis();
});
afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.close()));
  await redis.start();
});
afterAll(() => redis.stop());

describe('createFallbackStore', () => {
  test('instances on one Redis count into one budget, under the limiter’s prefix', async () => {
    const prefix = uniqueRedisPrefix('store');
    const a = instance(prefix);
    const b = instance(prefix);
    await until(() => a.link.status() === 'ok' && b.link.status() === 'ok', 'ok');
    expect(await hits(a.store, '192.0.2.1')).toBe(1);
    expect(await hits(b.store, '192.0.2.1')).toBe(2);
    expect(await hits(a.store, '192.0.2.1')).toBe(3);
    expect(await hits(b.store, '192.0.2.2')).toBe(1);
    await b.store.decrement('192.0.2.1');
    expect(await hits(a.store, '192.0.2.1')).toBe(3);
    expect(await redisKeys(redis.url, prefix)).toEqual([`${prefix}rl:test:192.0.2.1`, `${prefix}rl:test:192.0.2.2`]);
  });

  test('while Redis is away each instance counts on its own, never failing; back in Redis once it returns', async () => {
    const prefix = uniqueRedisPrefix('store');
    const a = instance(prefix);
    const b = instance(prefix);
    await until(() => a.link.status() === 'ok' && b.link.status() === 'ok', 'ok');
    expect(await hits(a.store, 'k')).toBe(1);

    await redis.stop();
    await until(() => a.link.status() === 'down' && b.link.status() === 'down', 'down');
    expect(await hits(a.store, 'k')).toBe(1);
    expect(await hits(a.store, 'k')).toBe(2);
    expect(await hits(b.store, 'k')).toBe(1);
    await expect(Promise.resolve(b.store.decrement('k'))).resolves.toBeUndefined();

    // The private Redis comes back empty: its scripts are gone and are loaded again.
    await redis.start();
    await until(() => a.link.status() === 'ok' && b.link.status() === 'ok', 'ok again');
    expect(await hits(a.store, 'k')).toBe(1);
    expect(await hits(b.store, 'k')).toBe(2);
    expect(await redisKeys(redis.url, prefix)).toEqual([`${prefix}rl:test:k`]);
  });

  test('a store started while Redis is away counts in Redis once it is reached', async () => {
    await redis.stop();
    const prefix = uniqueRedisPrefix('store');
    const a = instance(prefix);
    const b = instance(prefix);
    expect(await hits(a.store, 'k')).toBe(1);
    expect(await hits(b.store, 'k')).toBe(1);

    await redis.start();
    await until(() => a.link.status() === 'ok' && b.link.status() === 'ok', 'ok');
    expect(await hits(a.store, 'k')).toBe(1);
    expect(await hits(b.store, 'k')).toBe(2);
  });
});
