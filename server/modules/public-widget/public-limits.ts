/**
 * The public widget API's rate limits, counted without a Promise: every visitor of every
 * customer's site reads the config, so the common answer (a cached config, a visitor within the
 * limit) must not wait on anything. Each rule counts hits per key in fixed windows aligned on the
 * clock (minute 12:03 is the same window on every instance).
 *
 * One instance: the counts live here and are exact, whatever the concurrency.
 *
 * Several instances (Redis): a limit is one budget across all of them.
 * - `hit` (the config GET) decides from what this instance knows at once: its own hits plus the
 *   others' total as Redis last reported it. Its hits reach Redis within SYNC_INTERVAL_MS, so a
 *   burst spread over N instances can pass up to about one interval's worth of hits per instance
 *   beyond the ceiling before every instance sees the sum.
 * - `hitShared` (the feedback POST, which waits for its write anyway) counts in Redis first and
 *   decides from the shared total: exact across instances. While Redis is away it counts here, as
 *   the owner API's limits do (fallback-store.ts).
 */
import type { RedisLink } from '../../lib/redis';

/** How often each instance sends its config GET counts to Redis and learns the others'. */
export const SYNC_INTERVAL_MS = 500;

interface Count {
  /** This instance's hits in the window. */
  own: number;
  /** Own hits not yet sent to Redis. */
  unsent: number;
  /** Own hits Redis has acknowledged. */
  sent: number;
  /** Hits of the other instances, as Redis last reported. */
  others: number;
}

export interface PublicLimit {
  /** The ceiling: hits per key per window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Counts a hit for `key` now; true while within the ceiling, decided from what this instance knows. */
  hit(key: string): boolean;
  /** Counts a hit in the shared budget when there is one (exact across instances), else as `hit`. */
  hitShared(key: string): boolean | Promise<boolean>;
  /** Whole seconds (at least 1) until the current window ends by the limit's clock: a refused client's Retry-After. */
  secondsToReset(): number;
  /** Stops sending counts to Redis. */
  close(): void;
}

export interface PublicLimitOptions {
  /** Names the counter in Redis: `REDIS_PREFIX` + `rl:` + name + window + key. */
  name: string;
  limit: number;
  windowMs: number;
  /** The server's clock (ms since the epoch): windows follow it, so a test can move them. */
  now: () => number;
  redis?: RedisLink;
}

export function createPublicLimit(options: PublicLimitOptions): PublicLimit {
  const { name, limit, windowMs, now, redis } = options;
  let window = Number.NEGATIVE_INFINITY;
  // Replaced whole when a window ends: no per-key timers, and memory holds one window's keys.
  let counts = new Map<string, Count>();

  /** The counts of the window `at` falls in, starting a new window when the last one is over. */
  function currentCounts(at: number): Map<string, Count> {
    const index = Math.floor(at / windowMs);
    if (index !== window) {
      window = index;
      counts = new Map();
    }
    return counts;
  }

  const redisKey = (key: string) => `${redis?.prefix ?? ''}rl:${name}:${window}:${key}`;

  function hit(key: string): boolean {
    const inWindow = currentCounts(now());
    let count = inWindow.get(key);
    if (!count) {
      count = { own: 0, unsent: 0, sent: 0, others: 0 };
      inWindow.set(key, count);
    }
    count.own += 1;
    if (redis) count.unsent += 1;
    return count.own + count.others <= limit;
  }

  /** Sends every key's unsent hits (INCRBY) and keeps the total Redis answers for the others. */
  function sync() {
    if (!redis || redis.status() !== 'ok') return;
    const sentWindow = window;
    for (const [key, count] of counts) {
      if (count.unsent === 0) continue;
      const hits = count.unsent;
      count.unsent = 0;
      const stored = redisKey(key);
      redis
        .command('INCRBY', stored, String(hits))
        .then((total) => {
          count.sent += hits;
          if (window === sentWindow) count.others = Math.max(0, Number(total) - count.sent);
          return redis.command('PEXPIRE', stored, String(windowMs));
        })
        // Redis went away: these hits stay counted here; the link logs the outage once.
        .catch(() => {});
    }
  }

  const timer = redis ? setInterval(sync, SYNC_INTERVAL_MS) : undefined;
  timer?.unref();

  return {
    limit,
    windowMs,
    hit,
    secondsToReset: () => Math.max(1, Math.ceil(((window + 1) * windowMs - now()) / 1000)),

    hitShared(key) {
      if (!redis || redis.status() !== 'ok') return hit(key);
      currentCounts(now());
      const stored = redisKey(key);
      return redis.command('INCR', stored).then(
        (total) => {
          // The window's first hit sets the key's lifetime; the verdict need not wait for it.
          if (Number(total) === 1) redis.command('PEXPIRE', stored, String(windowMs)).catch(() => {});
          return Number(total) <= limit;
        },
        // Redis went away before counting this hit: it is counted here instead, once.
        () => hit(key),
      );
    },

    close() {
      if (timer) clearInterval(timer);
    },
  };
}
