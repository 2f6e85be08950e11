import type { ReactNode } from 'react';
import { useNotificationNavigation } from '../hooks/use-notification-navigation';
import { useOwnerNotices } from '../hooks/use-owner-notices';
import { useSubscriptionRefreshOnFocus } from '../hooks/use-subscription-refresh-on-focus';
import { ServerGate } from './server-gate';

/**
 * What the desktop app adds around every route (loaded only there): the first-run server gate,
 * notification clicks, the plan refreshed on focus and the desktop layer's warnings.
 */
export function DesktopShell({ children }: { children: ReactNode }) {
  useOwnerNotices();
  useNotificationNavigation();
  useSubscriptionRefreshOnFocus();
  return <ServerGate>{children}</ServerGate>;
}
