import { describe, expect, test } from 'vitest';
import { createLocalisedAnswers } from './config-answer';
import { createPublicWidgetCache, type PublicWidgetEntry } from './public-widget-cache';

const NOW = 1_000_000;

function entryFor(widgetId: string, workspaceId: string, expiresAt = NOW + 30_000): PublicWidgetEntry {
  return {
    widgetId,
    workspaceId,
    acceptsFeedback: true,
    enabledTabs: ['feedback'],
    installed: false,
    admitted: new Set(),
    answers: createLocalisedAnswers(() => '{}'),
    expiresAt,
  };
}

describe('createPublicWidgetCache', () => {
  test('an entry whose load began before an invalidation is not kept (it may hold what was invalidated)', () => {
    const cache = createPublicWidgetCache(30_000);
    const loadStarted = cache.generation;
    // Meanwhile another instance (or this one) changed some widget.
    cache.invalidateWidget('w2');
    cache.set('key-1', entryFor('w1', 'o1'), loadStarted);
    expect(cache.get('key-1', NOW)).toBeUndefined();

    const fresh = cache.generation;
    cache.set('key-1', entryFor('w1', 'o1'), fresh);
    expect(cache.get('key-1', NOW)?.widgetId).toBe('w1');
  });

  test('a new TTL applies to entries loaded from then on; the ones in hand are dropped', () => {
    const cache = createPublicWidgetCache(30_000);
    cache.set('key-1', entryFor('w1', 'o1'), cache.generation);
    cache.setTtl(1_000);
    expect(cache.ttlMs).toBe(1_000);
    expect(cache.get('key-1', NOW)).toBeUndefined();
    cache.setTtl(30_000);
    expect(cache.ttlMs).toBe(30_000);
  });

  test('invalidations drop by widget, by owner, or everything', () => {
    const cache = createPublicWidgetCache(30_000);
    const fill = () => {
      for (const [key, widget, owner] of [
        ['k1', 'w1', 'o1'],
        ['k2', 'w2', 'o1'],
        ['k3', 'w3', 'o2'],
      ] as const) {
        cache.set(key, entryFor(widget, owner), cache.generation);
      }
    };
    const present = () => ['k1', 'k2', 'k3'].filter((key) => cache.get(key, NOW));
    fill();
    cache.invalidateWidget('w1');
    expect(present()).toEqual(['k2', 'k3']);
    cache.invalidateOwner('o1');
    expect(present()).toEqual(['k3']);
    fill();
    cache.clear();
    expect(present()).toEqual([]);
  });
});
