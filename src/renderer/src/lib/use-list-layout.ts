/**
 * How the console's lists (/feedback, /widgets, /news) draw themselves at the window's width:
 * - `cards` on a phone (below antd's `md`, the rule the toasts and the sidebar drawer follow):
 *   one card per row, every action a full-size button;
 * - `compact` from 768 to 1279 px: a table whose less important columns are merged into others,
 *   so it fits beside the sidebar without scrolling sideways;
 * - `full` from 1280 px: every column on its own.
 * Both queries ask for a maximum width, so a window that answers no media query (a test's) gets
 * the full table.
 */
import { useSyncExternalStore } from 'react';
import { PHONE } from './toast-placement';

/** Below this the full table no longer fits beside the 232 px sidebar. */
export const COMPACT_LIST = '(max-width: 1279.98px)';

export type ListLayout = 'cards' | 'compact' | 'full';

function subscribe(onChange: () => void) {
  const queries = [PHONE, COMPACT_LIST].map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

export function listLayout(): ListLayout {
  if (window.matchMedia(PHONE).matches) return 'cards';
  return window.matchMedia(COMPACT_LIST).matches ? 'compact' : 'full';
}

/** The list layout for the current width, updated as the window is resized. */
export function useListLayout(): ListLayout {
  return useSyncExternalStore(subscribe, listLayout, () => 'full');
}
