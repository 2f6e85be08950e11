/**
 * Short-lived, single-use values of single sign-on: a sign-in under way (its state, nonce and PKCE
 * verifier) and the one-time code a finished sign-in hands over. In Redis when there is one, so any
 * instance can finish what another started; in this process otherwise, and while Redis is away.
 * Keys are stored as their SHA-256: the secrets themselves never sit in Redis.
 */
import { hashToken } from '../../lib/ids';
import type { RedisLink } from '../../lib/redis';
import type { Clock } from '../../lib/time';

export interface OneTimeStore {
  /** Keeps `value` under `key` for `ttlMs`. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value, removed as it is read: a second take of the same key finds nothing. */
  take(key: string): Promise<string | undefined>;
}

/**
 * At most this many values wait in memory; past it the oldest goes. Each sign-in started and left
 * unfinished holds one for minutes, so without a cap anyone could fill the memory with them.
 */
const MAX_IN_MEMORY = 10_000;

function createMemoryStore(clock: Clock): OneTimeStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const sweep = (now: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    while (entries.size >= MAX_IN_MEMORY) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
  };
  return {
    async put(key, value, ttlMs) {
      const now = clock.now().getTime();
      if (entries.size >= MAX_IN_MEMORY) sweep(now);
      entries.set(key, { value, expiresAt: now + ttlMs });
    },
    async take(key) {
      const entry = entries.get(key);
      entries.delete(key);
      return entry && entry.expiresAt > clock.now().getTime() ? entry.value : undefined;
    },
  };
}

/** The store of `purpose` (a key prefix): Redis's when `redis` is given, with this process's as the fallback. */
export function createOneTimeStore(deps: { clock: Clock; redis?: RedisLink; purpose: string }): OneTimeStore {
  const memory = createMemoryStore(deps.clock);
  const { redis } = deps;
  if (!redis) {
    return {
      put: (key, value, ttl) => memory.put(hashToken(key), value, ttl),
      take: (key) => memory.take(hashToken(key)),
    };
  }
  const redisKey = (key: string) => `${redis.prefix}sso:${deps.purpose}:${hashToken(key)}`;
  return {
    async put(key, value, ttlMs) {
      try {
        await redis.command('SET', redisKey(key), value, 'PX', String(ttlMs));
      } catch {
        await memory.put(hashToken(key), value, ttlMs);
      }
    },
    async take(key) {
      let stored: unknown;
      try {
        stored = await redis.command('GETDEL', redisKey(key));
      } catch {
        stored = undefined;
      }
      // Put here while Redis was away, or never: this process's copy, if it has one.
      return typeof stored === 'string' ? stored : memory.take(hashToken(key));
    },
  };
}
