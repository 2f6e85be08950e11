import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { PermissionHint } from '../../../components/permission-hint';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { refreshSubscription } from '../../../lib/session';
import { useCan } from '../../../lib/workspace/use-permission';
import { useSessionStore } from '../../../stores/session-store';
import { useRefreshOnFocus } from '../hooks/use-refresh-on-focus';
import { AvailablePlans } from './available-plans';
import { CancelSubscriptionCard, canCancel } from './cancel-subscription-card';
import { YourPlanCard } from './your-plan-card';

/**
 * The subscription panel of /settings: Your Plan (the workspace's), Available Plans and Cancel
 * Subscription. Only an owner changes the plan: anyone else reads it, and is told who can.
 */
export function SubscriptionPanel() {
  const queryClient = useQueryClient();
  const subscription = useSessionStore((state) => state.subscription);
  const [checked, setChecked] = useState(false);
  const billing = useCan('billing.manage');

  // Re-read on arrival and whenever the owner returns, e.g. from the checkout tab; the plan also
  // changes the limits every other screen shows.
  const reload = useCallback(async () => {
    await refreshSubscription();
    setChecked(true);
    await queryClient.invalidateQueries({ queryKey: ownerKeys.all });
  }, [queryClient]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useRefreshOnFocus(() => void reload());

  return (
    <section className="tb-settings-section" aria-label="Subscription">
      <YourPlanCard subscription={subscription} loading={!checked} />
      <PermissionHint permission="billing.manage" />
      {billing ? <AvailablePlans subscription={subscription} /> : null}
      {billing && canCancel(subscription) ? <CancelSubscriptionCard subscription={subscription} /> : null}
    </section>
  );
}
