/**
 * The Redis that several instances share state through (REDIS_URL): one connection for commands
 * and publishing, one for subscriptions (a subscribed connection is best kept to that alone).
 *
 * Redis may go away at any moment and the instances must keep serving, so commands never wait
 * for it: while it is away they fail at once (no offline queue; a command in flight when the
 * connection drops fails too, after at most COMMAND_TIMEOUT_MS on a silent network), and callers
 * fall back to this process's own state. Both connections reconnect forever with a capped
 * backoff; the subscriber subscribes again to every channel each time it is back. An outage is
 * logged once when it starts and once when it ends, never once per failed command.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger';

/** `ok` while commands, publishing and every subscription work; `down` otherwise. */
export type RedisStatus = 'ok' | 'down';

export type MessageHandler = (message: string) => void;

export interface RedisLink {
  /** Put before every key and channel (REDIS_PREFIX). */
  readonly prefix: string;
  status(): RedisStatus;
  /** Called after each change of status; returns the unsubscribe. */
  onStatusChange(listener: (status: RedisStatus) => void): () => void;
  /** Sends one raw command (keys as given, unprefixed); rejects at once while Redis is away. */
  command(name: string, ...args: string[]): Promise<unknown>;
  /** Publishes on `prefix + channel`; false when it could not be sent. Never rejects. */
  publish(channel: string, message: string): Promise<boolean>;
  /** Listens on `prefix + channel` across reconnects; returns the unsubscribe. */
  subscribe(channel: string, handler: MessageHandler): () => void;
  close(): Promise<void>;
}

export interface RedisLinkOptions {
  url: string;
  prefix: string;
  logger: Logger;
  /** Longest wait between two reconnection attempts (tests shorten it). */
  maxReconnectDelayMs?: number;
}

/** A command without an answer this long fails (a silent network, a stalled server). */
const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_RECONNECT_DELAY_MS = 2_000;
/** Failures while Redis is up (a refused command, a timeout) are logged at most this often. */
const COMMAND_FAILURE_LOG_INTERVAL_MS = 60_000;

/** The URL without its user and password, for the log. */
export function describeRedisUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createRedisLink(options: RedisLinkOptions): RedisLink {
  const { url, prefix, logger } = options;
  const maxDelay = options.maxReconnectDelayMs ?? DEFAULT_MAX_RECONNECT_DELAY_MS;
  const connectionOptions: RedisOptions = {
    // Exponential from 50 ms, capped, with jitter so instances don't all knock at once.
    retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 16), maxDelay) + Math.floor(Math.random() * 100),
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails then, instead of being sent again on
    // reconnect (a rate-limit hit counted locally meanwhile would be counted twice).
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    connectionName: 'tellbox',
  };
  const commands = new Redis(url, connectionOptions);
  // The subscriber subscribes again itself on every 'ready' (see below), whether or not it was
  // subscribed when the connection dropped.
  const subscriber = new Redis(url, { ...connectionOptions, autoResubscribe: false });

  const handlers = new Map<string, Set<MessageHandler>>();
  const statusListeners = new Set<(status: RedisStatus) => void>();
  let subscribed = false;
  let current: RedisStatus = 'down';
  let lastError = 'not connected yet';
  let outageLogged = false;
  let everUp = false;
  let closed = false;
  let lastFailureLog = -Infinity;

  const computeStatus = (): RedisStatus =>
    commands.status === 'ready' && subscriber.status === 'ready' && subscribed ? 'ok' : 'down';

  function logOutage() {
    if (outageLogged || closed) return;
    outageLogged = true;
    logger.warn(
      { redis: describeRedisUrl(url), reason: lastError },
      `Redis is unreachable: ${lastError}; falling back to this instance's own rate-limit counters, ` +
        'event delivery and a 1 s public-config cache until it is back',
    );
  }

  function update() {
    const next = computeStatus();
    if (next === current) return;
    current = next;
    if (closed) return;
    if (next === 'ok') {
      const redis = describeRedisUrl(url);
      if (outageLogged) logger.info({ redis }, 'Redis is reachable again; sharing state through it');
      else if (!everUp) logger.info({ redis }, 'connected to Redis');
      outageLogged = false;
      everUp = true;
    } else {
      logOutage();
    }
    for (const listener of [...statusListeners]) {
      try {
        listener(next);
      } catch (error) {
        logger.error({ err: error }, 'a Redis status listener failed');
      }
    }
  }

  function watch(connection: Redis) {
    // Without an 'error' listener ioredis would report each failed reconnection on stderr.
    connection.on('error', (error: unknown) => {
      lastError = messageOf(error);
      // Redis was never reached, or is still away: say so once (a drop is said by update()).
      if (current === 'down') logOutage();
    });
    connection.on('close', () => {
      if (connection === subscriber) subscribed = false;
      update();
    });
    connection.on('end', update);
    connection.on('ready', () => {
      // What the next drop is put down to, unless an error says more.
      lastError = 'the connection was closed';
      update();
    });
  }
  watch(commands);
  watch(subscriber);

  subscriber.on('ready', () => {
    const channels = [...handlers.keys()];
    const done = () => {
      subscribed = true;
      update();
    };
    if (channels.length === 0) return done();
    subscriber.subscribe(...channels).then(done, (error: unknown) => {
      // The connection dropped again (the next 'ready' retries), or Redis refused (an ACL).
      if (subscriber.status === 'ready') logger.error({ err: error }, 'Redis refused to subscribe');
    });
  });
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of [...(handlers.get(channel) ?? [])]) {
      try {
        handler(message);
      } catch (error) {
        logger.error({ err: error, channel }, 'a Redis message handler failed');
      }
    }
  });

  function noteFailure(error: unknown) {
    // While Redis is down, failures are the outage itself, logged once already.
    if (current !== 'ok' || closed) return;
    // Scripts are gone after Redis restarts; the caller loads them again.
    if (/^NOSCRIPT/.test(messageOf(error))) return;
    const now = Date.now();
    if (now - lastFailureLog < COMMAND_FAILURE_LOG_INTERVAL_MS) return;
    lastFailureLog = now;
    logger.warn({ err: error }, 'a Redis command failed; using this instance’s own state for it');
  }

  return {
    prefix,
    status: () => current,

    onStatusChange(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    async command(name, ...args) {
      try {
        return await commands.call(name, ...args);
      } catch (error) {
        noteFailure(error);
        throw error;
      }
    },

    async publish(channel, message) {
      if (current !== 'ok') return false;
      try {
        await commands.publish(prefix + channel, message);
        return true;
      } catch (error) {
        noteFailure(error);
        return false;
      }
    },

    subscribe(channel, handler) {
      const name = prefix + channel;
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        // While the subscriber is away, its next 'ready' subscribes to every channel.
        if (subscriber.status === 'ready') {
          subscriber.subscribe(name).catch((error: unknown) => noteFailure(error));
        }
      }
      set.add(handler);
      return () => {
        const remaining = handlers.get(name);
        if (!remaining?.delete(handler) || remaining.size > 0) return;
        handlers.delete(name);
        if (subscriber.status === 'ready') subscriber.unsubscribe(name).catch(() => undefined);
      };
    },

    async close() {
      closed = true;
      statusListeners.clear();
      await Promise.all(
        [commands, subscriber].map(async (connection) => {
          if (connection.status === 'ready') {
            try {
              await connection.quit();
              return;
            } catch {
              // Fall through: drop the connection instead.
            }
          }
          connection.disconnect();
        }),
      );
    },
  };
}
