/**
 * The owner event bus across instances: a visitor's feedback POST may land on one instance while
 * the owner's event stream is held by another. A message is delivered to this instance's
 * listeners at once and published on a Redis channel tagged with this bus's id; every other
 * instance delivers what it hears to its own listeners and ignores its own echo.
 *
 * While Redis is away, local delivery goes on and messages for other instances are lost (their
 * streams resume with the next message once Redis is back); the link logs the outage once.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../lib/logger';
import type { RedisLink } from '../../lib/redis';
import type { OwnerEventBus } from './event-bus';

interface Envelope {
  /** The publishing bus. */
  from: string;
  workspaceId: string;
  message: unknown;
}

export interface SharedEventBusDeps<T> {
  /** This instance's bus: its listeners are the streams held here. */
  local: OwnerEventBus<T>;
  redis: RedisLink;
  /** The channel (under REDIS_PREFIX), one per kind of message. */
  channel: string;
  /** Checks a message from another instance; undefined drops it. */
  decode: (message: unknown) => T | undefined;
  logger: Logger;
}

function parseEnvelope(raw: string): Envelope | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { from, workspaceId, message } = value as Record<string, unknown>;
    return typeof from === 'string' && typeof workspaceId === 'string' ? { from, workspaceId, message } : undefined;
  } catch {
    return undefined;
  }
}

/** Wraps `local` so its messages reach the listeners of every instance on the same Redis. */
export function createSharedOwnerEventBus<T>(deps: SharedEventBusDeps<T>): OwnerEventBus<T> {
  const { local, redis, channel, decode, logger } = deps;
  const id = randomUUID();

  redis.subscribe(channel, (raw) => {
    const envelope = parseEnvelope(raw);
    if (!envelope) return logger.warn({ channel }, 'ignored a malformed event from Redis');
    if (envelope.from === id) return;
    const message = decode(envelope.message);
    if (message === undefined) return logger.warn({ channel }, 'ignored a malformed event from Redis');
    local.publish(envelope.workspaceId, message);
  });

  return {
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    publish(workspaceId, message) {
      local.publish(workspaceId, message);
      // Fire and forget: the publisher is a visitor's POST, and publish() never rejects.
      void redis.publish(channel, JSON.stringify({ from: id, workspaceId, message } satisfies Envelope));
    },
  };
}
