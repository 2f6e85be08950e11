/**
 * The owner's locale (the browser's `navigator.language`), for money and numbers written the way
 * they read them. A prerendered page was written in DEFAULT_LOCALE: it hydrates with that, then
 * shows the reader's, as `usePlans` does with the server's table.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE } from '../../../shared/money';

// The browser's language rarely changes while a page is open; not listening keeps the landing small.
const subscribe = () => () => {};

export function useLocale(): string {
  return useSyncExternalStore(
    subscribe,
    () => navigator.language || DEFAULT_LOCALE,
    () => DEFAULT_LOCALE,
  );
}
