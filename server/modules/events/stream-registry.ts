/**
 * The open event streams, per owner: caps how many one owner may hold (a client that reconnects
 * in a loop, or a leaked tab, cannot pile up connections) and closes them all at shutdown.
 */
import type { SseConnection } from './sse-connection';

/** What a stream closed for being the oldest is told to wait before reconnecting. */
const EVICTED_RETRY_MS = 60_000;

export interface StreamRegistry {
  /** Tracks a new stream; when the owner is over the cap, the oldest ones are closed. */
  add(workspaceId: string, connection: SseConnection): void;
  /** Ends every open stream (graceful shutdown). */
  closeAll(): void;
  count(workspaceId: string): number;
}

/** Told as streams open and close (the metrics' gauge of open streams). */
export interface StreamObserver {
  opened(): void;
  closed(): void;
}

/** Creates a registry allowing `maxPerOwner` concurrent streams per owner. */
export function createStreamRegistry(maxPerOwner: number, observer?: StreamObserver): StreamRegistry {
  const byOwner = new Map<string, SseConnection[]>();

  const remove = (workspaceId: string, connection: SseConnection) => {
    const list = byOwner.get(workspaceId);
    if (!list) return;
    const index = list.indexOf(connection);
    if (index >= 0) {
      list.splice(index, 1);
      observer?.closed();
    }
    if (list.length === 0) byOwner.delete(workspaceId);
  };

  return {
    add(workspaceId, connection) {
      if (connection.closed) return;
      const list = byOwner.get(workspaceId) ?? [];
      byOwner.set(workspaceId, list);
      list.push(connection);
      observer?.opened();
      connection.onClose(() => remove(workspaceId, connection));
      while (list.length > maxPerOwner) {
        const oldest = list[0] as SseConnection;
        // A long retry hint first, so the evicted client does not come straight back and evict
        // the next one.
        oldest.retry(EVICTED_RETRY_MS);
        oldest.close();
        remove(workspaceId, oldest);
      }
    },

    closeAll() {
      for (const list of [...byOwner.values()]) {
        for (const connection of [...list]) connection.close();
      }
      byOwner.clear();
    },

    count: (workspaceId) => byOwner.get(workspaceId)?.length ?? 0,
  };
}
