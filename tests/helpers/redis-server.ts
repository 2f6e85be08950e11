/**
 * Redis for tests. The machine's Redis (127.0.0.1:6379) serves suites that only need one: each
 * takes its own key prefix and deletes its keys. A suite that stops Redis starts a private
 * `redis-server` on a free port instead, so the machine's Redis is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

export const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A prefix no other test run uses, e.g. `test-3f9c…:`. */
export const uniqueRedisPrefix = (label: string) => `test-${label}-${randomUUID().slice(0, 8)}:`;

/** A short-lived client for a helper: a failure rejects its command, and is not reported twice. */
function helperClient(url: string): Redis {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  return client;
}

/** Deletes every key under `prefix` (keys a suite left behind: rate-limit counters). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = helperClient(url);
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

/** Every key under `prefix`, for assertions. */
export async function redisKeys(url: string, prefix: string): Promise<string[]> {
  const client = helperClient(url);
  try {
    await client.connect();
    return (await client.keys(`${prefix}*`)).sort();
  } finally {
    client.disconnect();
  }
}

/** The value stored at `key` (a counter), or null when there is none. */
export async function redisGet(url: string, key: string): Promise<string | null> {
  const client = helperClient(url);
  try {
    await client.connect();
    return await client.get(key);
  } finally {
    client.disconnect();
  }
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM: Redis closes every connection); resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved); nothing when it runs. */
  start(): Promise<void>;
}

/** A throwaway redis-server on a free loopback port, with no persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function start() {
    if (running()) return;
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    child = started;
    // A failed suite must not leave a redis-server behind when the test process ends.
    const killOnExit = () => started.kill('SIGKILL');
    process.once('exit', killOnExit);
    started.once('exit', () => process.removeListener('exit', killOnExit));
    const exited = new Promise<never>((_resolve, reject) =>
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`))),
    );
    exited.catch(() => undefined);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if (await Promise.race([accepts(port), exited])) return;
      // A poll interval while redis-server starts (it listens, or exits, when it is ready): no wait for a result.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  }

  async function stop() {
    const stopping = child;
    if (!stopping || !running()) return;
    child = undefined;
    await new Promise<void>((resolve) => {
      stopping.once('exit', () => resolve());
      stopping.kill('SIGTERM');
    });
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
