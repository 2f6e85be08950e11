/**
 * An in-process publish/subscribe channel keyed by owner id: the feedback write path publishes,
 * each open event stream of that owner listens. Everything lives in this process's memory, which
 * is right for one server process; with several instances behind a load balancer a visitor's POST
 * and the owner's stream may land on different ones, and shared-event-bus.ts carries the messages
 * between them through Redis.
 */

export type OwnerListener<T> = (message: T) => void;

export interface OwnerEventBus<T> {
  /** Registers a listener for one owner's messages; returns its unsubscribe. */
  subscribe(workspaceId: string, listener: OwnerListener<T>): () => void;
  /** Hands a message to that owner's listeners only. Synchronous, never throws. */
  publish(workspaceId: string, message: T): void;
  /** How many listeners an owner has (0 means publishing costs one map lookup). */
  listenerCount(workspaceId: string): number;
}

/** Creates an empty bus. */
export function createOwnerEventBus<T>(onListenerError?: (error: unknown) => void): OwnerEventBus<T> {
  const listeners = new Map<string, Set<OwnerListener<T>>>();

  return {
    subscribe(workspaceId, listener) {
      let set = listeners.get(workspaceId);
      if (!set) {
        set = new Set();
        listeners.set(workspaceId, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(workspaceId);
        if (!current) return;
        current.delete(listener);
        // Owners come and go: drop empty sets so the map does not grow with every owner ever seen.
        if (current.size === 0) listeners.delete(workspaceId);
      };
    },

    publish(workspaceId, message) {
      const set = listeners.get(workspaceId);
      if (!set) return;
      // A copy: a listener may unsubscribe (close its stream) while we iterate.
      for (const listener of [...set]) {
        try {
          listener(message);
        } catch (error) {
          // The publisher is a visitor's feedback POST: one stream's failure must not reach it.
          onListenerError?.(error);
        }
      }
    },

    listenerCount: (workspaceId) => listeners.get(workspaceId)?.size ?? 0,
  };
}
