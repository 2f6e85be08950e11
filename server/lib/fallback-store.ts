/**
 * A rate-limit counter store that counts in Redis while Redis answers, so every instance shares
 * one budget, and in this process's memory while it does not, so a request never fails or waits
 * because Redis is away. It goes back to Redis as soon as the link says Redis is back.
 *
 * Counts do not move between the two: during an outage each instance counts on its own (a client
 * may get up to one budget per instance), and what was counted in Redis before is still there
 * after (until its window ends). A request whose hit and give-back (failures-only rules) fall on
 * both sides of a switch gives its hit back to the other counter; that is one hit either way.
 */
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { RedisLink } from './redis';

export function createFallbackStore(link: RedisLink, prefix: string): Store {
  const memory = new MemoryStore();
  const shared = new RedisStore({
    prefix,
    sendCommand: (name: string, ...args: string[]) => link.command(name, ...args) as Promise<RedisReply>,
  });
  let options: Options | undefined;
  // The counting scripts, loaded into Redis once per connection's life. A failed load is forgotten
  // (RedisStore would keep awaiting the rejected load forever), so the next request loads again.
  let scriptsLoaded: Promise<void> | undefined;

  function loadScripts(): Promise<void> {
    if (!options) return Promise.reject(new Error('the rate limiter has not started the store'));
    scriptsLoaded ??= shared.init(options);
    return scriptsLoaded;
  }

  /** Runs `inRedis` while Redis is up; else, or when it fails, `inMemory`. */
  async function either<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T> | T): Promise<T> {
    if (link.status() === 'ok') {
      try {
        await loadScripts();
        return await inRedis();
      } catch {
        // The link has logged the outage, or the failure (at most once a minute); a script that
        // went missing with a failed reload is loaded anew next time.
        scriptsLoaded = undefined;
      }
    }
    return inMemory();
  }

  return {
    prefix,
    // Counts are shared between instances, so two limiters must not share a prefix.
    localKeys: false,

    init(given) {
      options = given;
      memory.init(given);
      if (link.status() === 'ok') loadScripts().catch(() => (scriptsLoaded = undefined));
    },

    get: (key): Promise<ClientRateLimitInfo | undefined> =>
      either(
        () => shared.get(key),
        () => memory.get(key),
      ),

    increment: (key) =>
      either(
        () => shared.increment(key),
        () => memory.increment(key),
      ),

    decrement: (key) =>
      either(
        () => shared.decrement(key),
        () => memory.decrement(key),
      ),

    async resetKey(key) {
      await Promise.all([
        memory.resetKey(key),
        either(
          () => shared.resetKey(key),
          () => undefined,
        ),
      ]);
    },

    shutdown: () => memory.shutdown(),
  };
}
