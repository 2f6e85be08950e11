/**
 * Keeps the public widget caches of several instances in step through Redis. Every invalidation
 * (a widget or post changed, an installation removed, a plan changed, an account deleted) drops
 * the entry here and is broadcast, so every other instance drops it too; a host newly admitted
 * here is broadcast as well, since another instance may hold the widget as installed nowhere,
 * which lets any page with a hidden origin use it.
 *
 * While Redis is away broadcasts are lost, so entries live DEGRADED_TTL_MS only: a change made
 * elsewhere is served within that. When Redis is back the TTL is restored, and an instance that
 * could not broadcast meanwhile asks every instance to drop everything.
 *
 * Without Redis (one instance) this is the cache's own invalidation and nothing else.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../lib/logger';
import type { RedisLink, RedisStatus } from '../../lib/redis';
import type { PublicWidgetCache } from './public-widget-cache';

/** The TTL while Redis is away. */
export const DEGRADED_TTL_MS = 1_000;

const CHANNEL = 'public-widget:invalidate';

/**
 * Tells every instance to drop what it holds of a workspace (its plan changed outside any of them:
 * an admin's `set-plan`). False when it could not be sent.
 */
export function broadcastWorkspaceChanged(link: RedisLink, workspaceId: string): Promise<boolean> {
  return link.publish(CHANNEL, JSON.stringify({ from: 'admin', workspaceId }));
}

type Invalidation = { widgetId: string } | { workspaceId: string } | { all: true };

export interface PublicWidgetSync {
  invalidateWidget(widgetId: string): void;
  invalidateOwner(workspaceId: string): void;
  /** A host was newly registered here; this instance's entry already knows it. */
  installationAdded(widgetId: string): void;
}

function parse(raw: string): (Invalidation & { from: string }) | undefined {
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (typeof value?.from !== 'string') return undefined;
    const { from } = value;
    if (typeof value.widgetId === 'string') return { from, widgetId: value.widgetId };
    if (typeof value.workspaceId === 'string') return { from, workspaceId: value.workspaceId };
    if (value.all === true) return { from, all: true };
    return undefined;
  } catch {
    return undefined;
  }
}

export function createPublicWidgetSync(deps: {
  cache: PublicWidgetCache;
  redis: RedisLink | undefined;
  logger: Logger;
}): PublicWidgetSync {
  const { cache, redis, logger } = deps;
  if (!redis) {
    return {
      invalidateWidget: cache.invalidateWidget,
      invalidateOwner: cache.invalidateOwner,
      installationAdded: () => undefined,
    };
  }
  const link = redis;
  const id = randomUUID();
  const normalTtlMs = cache.ttlMs;
  /** A broadcast was lost: the other instances may hold entries they should have dropped. */
  let missedBroadcast = false;

  function apply(invalidation: Invalidation) {
    if ('widgetId' in invalidation) cache.invalidateWidget(invalidation.widgetId);
    else if ('workspaceId' in invalidation) cache.invalidateOwner(invalidation.workspaceId);
    else cache.clear();
  }

  function broadcast(invalidation: Invalidation) {
    void link.publish(CHANNEL, JSON.stringify({ from: id, ...invalidation })).then((sent) => {
      if (sent) return;
      missedBroadcast = true;
      // Redis may have come back while this one failed.
      if (link.status() === 'ok') catchUp();
    });
  }

  function catchUp() {
    if (!missedBroadcast) return;
    missedBroadcast = false;
    broadcast({ all: true });
  }

  function onStatus(status: RedisStatus) {
    cache.setTtl(status === 'ok' ? normalTtlMs : DEGRADED_TTL_MS);
    if (status === 'ok') catchUp();
  }

  link.subscribe(CHANNEL, (raw) => {
    const message = parse(raw);
    if (!message) return logger.warn({ channel: CHANNEL }, 'ignored a malformed cache invalidation from Redis');
    if (message.from !== id) apply(message);
  });
  onStatus(link.status());
  link.onStatusChange(onStatus);

  return {
    invalidateWidget(widgetId) {
      cache.invalidateWidget(widgetId);
      broadcast({ widgetId });
    },
    invalidateOwner(workspaceId) {
      cache.invalidateOwner(workspaceId);
      broadcast({ workspaceId });
    },
    installationAdded: (widgetId) => broadcast({ widgetId }),
  };
}
