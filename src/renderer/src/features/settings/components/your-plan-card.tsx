import { Alert, Button, Card } from 'antd';
import { planFeatures } from '../../../../../shared/plans';
import { PlanPrice } from '../../../components/plan-card/plan-price';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { usePlans } from '../../../lib/use-plans';
import { useToast } from '../../../lib/use-toast';
import { useCan, useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import type { SubscriptionStatus } from '../../../stores/session-store';
import { formatLongDate } from '../../../utils/format-date';
import { useRefreshSubscriptionStatus } from '../api/refresh-subscription-status';
import { isCancelled } from '../plan-button';

/**
 * The "Your Plan" card: the workspace's current plan, its limits and renewal, and a cancelled
 * plan's expiry. Refresh status asks the payment provider, which only an owner may.
 */
export function YourPlanCard({ subscription, loading }: { subscription: SubscriptionStatus; loading: boolean }) {
  const toast = useToast();
  const refresh = useRefreshSubscriptionStatus();
  const billing = useCan('billing.manage');
  const workspace = useCurrentWorkspace();
  const plan = usePlans()[subscription.subscription_tier];
  const cancelled = isCancelled(subscription);
  const end = subscription.subscription_end ? formatLongDate(new Date(subscription.subscription_end)) : null;

  const onRefresh = async () => {
    try {
      await refresh.mutateAsync();
      toast.success('Status updated', 'Subscription status has been refreshed.');
    } catch {
      toast.error('Error', 'Failed to refresh subscription status.');
    }
  };

  return (
    <Card
      loading={loading}
      title={<h2 className="tb-card-title">Your Plan</h2>}
      extra={
        billing ? (
          <Button onClick={() => void onRefresh()} loading={refresh.isPending}>
            Refresh status
          </Button>
        ) : undefined
      }
    >
      <div className="tb-your-plan">
        <p className="tb-your-plan-name">
          <strong>{plan.name}</strong> {cancelled ? <StatusTag tone="danger">Cancelled</StatusTag> : null}
        </p>
        {workspace ? <p className="tb-muted">The plan of {workspace.name}, for everyone in it.</p> : null}
        <PlanPrice plan={plan} />
        {subscription.subscribed && end && !cancelled ? <p>Renews on {end}</p> : null}
        {cancelled ? (
          <Alert
            type="warning"
            showIcon
            title={`Your subscription has been cancelled and will expire on ${end ?? 'the end of the current billing period'}.`}
            description={
              billing
                ? `Changed your mind? Reactivate ${plan.name} in Available Plans below to keep your plan after that date.`
                : undefined
            }
          />
        ) : null}
        <ul className="tb-check-list" aria-label="Your plan includes">
          {planFeatures(plan).map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
