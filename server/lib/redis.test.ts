import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startPrivateRedis, uniqueRedisPrefix, type PrivateRedis } from '../../tests/helpers/redis-server';
import { createRedisLink, describeRedisUrl, type RedisLink, type RedisStatus } from './redis';

interface LogLine {
  level: number;
  msg: string;
}

/** A logger whose lines the test reads. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const WARN = 40;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let redis: PrivateRedis;
const links: RedisLink[] = [];

function link(options: { url?: string; prefix?: string; logger?: ReturnType<typeof capturedLogger>['logger'] } = {}) {
  const created = createRedisLink({
    url: options.url ?? redis.url,
    prefix: options.prefix ?? uniqueRedisPrefix('link'),
    logger: options.logger ?? capturedLogger().logger,
    maxReconnectDelayMs: 200,
  });
  links.push(created);
  return created;
}

beforeAll(async () => {
  redis = await startPrivateRedis();
});
afterEach(async () => {
  await Promise.all(links.splice(0).map((each) => each.close()));
  // A test that stopped the server leaves it running again for the next one.
  await redis.start();
});
afterAll(() => redis.stop());

describe('createRedisLink', () => {
  test('messages reach subscribers of the same prefix only', async () => {
    const prefix = uniqueRedisPrefix('pubsub');
    const publisher = link({ prefix });
    const listener = link({ prefix });
    const stranger = link({ prefix: uniqueRedisPrefix('other') });
    const heard: string[] = [];
    const strangerHeard: string[] = [];
    listener.subscribe('news', (message) => heard.push(message));
    stranger.subscribe('news', (message) => strangerHeard.push(message));
    await until(() => [publisher, listener, stranger].every((each) => each.status() === 'ok'), 'ok');

    expect(await publisher.publish('news', 'hello')).toBe(true);
    await until(() => heard.length === 1, 'the message');
    expect(heard).toEqual(['hello']);
    expect(strangerHeard).toEqual([]);
  });

  test('while Redis is away: down, publishing says false, commands fail at once; all of it logged once', async () => {
    const { logger, lines } = capturedLogger();
    const prefix = uniqueRedisPrefix('outage');
    const watched = link({ prefix, logger });
    const other = link({ prefix });
    const statuses: RedisStatus[] = [];
    watched.onStatusChange((status) => statuses.push(status));
    const heard: string[] = [];
    watched.subscribe('news', (message) => heard.push(message));
    await until(() => watched.status() === 'ok' && other.status() === 'ok', 'ok');

    await redis.stop();
    await until(() => watched.status() === 'down', 'down');
    expect(await watched.publish('news', 'lost')).toBe(false);
    await expect(watched.command('PING')).rejects.toThrow();
    // Several reconnection attempts fail meanwhile (200 ms apart at most).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expect(watched.command('PING')).rejects.toThrow();
    const warnings = lines.filter((line) => line.level === WARN);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/^Redis is unreachable: .*falling back to/);

    await redis.start();
    await until(() => watched.status() === 'ok' && other.status() === 'ok', 'ok again');
    expect(await watched.command('PING')).toBe('PONG');
    // Subscribed again without being asked.
    expect(await other.publish('news', 'back')).toBe(true);
    await until(() => heard.includes('back'), 'the message after the restart');
    expect(heard).toEqual(['back']);
    expect(statuses).toEqual(['ok', 'down', 'ok']);
    expect(lines.filter((line) => line.level === WARN)).toHaveLength(1);
    expect(lines.filter((line) => /reachable again/.test(line.msg))).toHaveLength(1);
  });

  test('a Redis that is never reached is one warning, and close() still ends cleanly', async () => {
    const { logger, lines } = capturedLogger();
    const nowhere = await startPrivateRedis();
    await nowhere.stop();
    const lonely = link({ url: nowhere.url, logger });
    await until(() => lines.length > 0, 'the warning');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(lonely.status()).toBe('down');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: WARN,
      msg: expect.stringMatching(/^Redis is unreachable: .*ECONNREFUSED/),
    });
    await lonely.close();
  });

  test('the log names the server without its password', () => {
    expect(describeRedisUrl('rediss://app:secret@cache.internal:6380/2')).toBe('rediss://cache.internal:6380/2');
    expect(describeRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
