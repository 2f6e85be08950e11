import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { refreshSubscription } from '../../../lib/session';
import { useSessionStore, type SubscriptionStatus } from '../../../stores/session-store';

/** Focus and visibilitychange often fire together on return; one refresh is enough. */
const MIN_INTERVAL_MS = 1000;

const same = (a: SubscriptionStatus, b: SubscriptionStatus) => JSON.stringify(a) === JSON.stringify(b);

/**
 * In the desktop app a checkout is paid in the system browser: whenever the window has the focus
 * again, a logged-in owner's plan is re-read on every screen; when it changed, the owner's data
 * (limits first) is reloaded too.
 */
export function useSubscriptionRefreshOnFocus(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = 0;
    const run = async () => {
      const now = Date.now();
      if (!useSessionStore.getState().token || now - last < MIN_INTERVAL_MS) return;
      last = now;
      const before = useSessionStore.getState().subscription;
      await refreshSubscription();
      if (!same(before, useSessionStore.getState().subscription)) {
        await queryClient.invalidateQueries({ queryKey: ownerKeys.all });
      }
    };
    const onFocus = () => void run();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void run();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient]);
}
