import { useEffect, useRef } from 'react';

/** Focus and visibilitychange often fire together on return; one refresh is enough. */
const MIN_INTERVAL_MS = 1000;

/**
 * Runs `refresh` when the owner comes back to this tab, e.g. from the checkout that opened in a
 * new one, so a plan bought there shows here without a reload.
 */
export function useRefreshOnFocus(refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);

  useEffect(() => {
    let last = 0;
    const run = () => {
      const now = Date.now();
      if (now - last < MIN_INTERVAL_MS) return;
      last = now;
      latest.current();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') run();
    };
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
