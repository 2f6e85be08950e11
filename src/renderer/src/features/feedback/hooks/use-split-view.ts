import { useSyncExternalStore } from 'react';

/**
 * Below this the list and an open entry do not both fit beside the sidebar: the entry takes the
 * screen. A maximum width, so a window that answers no media query (a test's) gets the split view.
 */
export const NARROW_INBOX = '(max-width: 1023.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW_INBOX);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True from 1 024 px: the list on the left, the open entry (or "Select feedback") on the right. */
export function useSplitView(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !window.matchMedia(NARROW_INBOX).matches,
    () => true,
  );
}
