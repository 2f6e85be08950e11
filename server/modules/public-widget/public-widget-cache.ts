/**
 * The public widget API's memory: per site key, the serialised config answers, their ETags, and what
 * the installation rule needs. Every visitor of every customer site reads through here, so a hit
 * touches no database. Owner writes invalidate entries at once (on every instance, through
 * public-widget-sync.ts); the TTL bounds staleness for anything that changes unannounced.
 */
import type { WidgetTab } from '../../../src/shared/schemas';
import type { LocalisedAnswers } from './config-answer';

export interface PublicWidgetEntry {
  widgetId: string;
  workspaceId: string;
  acceptsFeedback: boolean;
  enabledTabs: WidgetTab[];
  /** Whether any site is registered: a page with a hidden origin may use only a widget installed nowhere. */
  installed: boolean;
  /** Installation hosts the owner's plan lets through, as of loading, and the ones admitted since. */
  admitted: Set<string>;
  /** The config answer in each language, serialised and compressed once, when first asked for. */
  answers: LocalisedAnswers;
  /** Reload after this (ms): the TTL, or sooner when the owner's paid plan ends. */
  expiresAt: number;
}

const MAX_ENTRIES = 10_000;

export function createPublicWidgetCache(initialTtlMs: number) {
  const entries = new Map<string, PublicWidgetEntry>();
  let ttlMs = initialTtlMs;
  // Counts drops: a load that began before one may have read what the drop was for.
  let generation = 0;

  function dropWhere(matches: (entry: PublicWidgetEntry) => boolean) {
    generation += 1;
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  }

  function dropAll() {
    generation += 1;
    entries.clear();
  }

  return {
    /** How long a newly loaded entry may be served. */
    get ttlMs() {
      return ttlMs;
    },

    /** Changes the TTL; entries in hand are dropped, since they were loaded under the old one. */
    setTtl(next: number) {
      ttlMs = next;
      dropAll();
    },

    /** Drops every entry. */
    clear: dropAll,

    /** Taken before a load reads the database, and handed to `set`. */
    get generation() {
      return generation;
    },

    get(siteKey: string, nowMs: number): PublicWidgetEntry | undefined {
      const entry = entries.get(siteKey);
      if (entry && entry.expiresAt > nowMs) return entry;
      if (entry) entries.delete(siteKey);
      return undefined;
    },

    /** Keeps an entry loaded since `loadedAt` (a generation), unless something was dropped since. */
    set(siteKey: string, entry: PublicWidgetEntry, loadedAt: number) {
      if (loadedAt !== generation) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(siteKey, entry);
    },

    invalidateWidget: (widgetId: string) => dropWhere((entry) => entry.widgetId === widgetId),
    invalidateOwner: (workspaceId: string) => dropWhere((entry) => entry.workspaceId === workspaceId),
  };
}

export type PublicWidgetCache = ReturnType<typeof createPublicWidgetCache>;
