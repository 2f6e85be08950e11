import { Button, Card } from 'antd';
import { useConfirm } from '../../../components/confirm-dialog';
import { usePlans } from '../../../lib/use-plans';
import { useToast } from '../../../lib/use-toast';
import type { SubscriptionStatus } from '../../../stores/session-store';
import { formatLongDate } from '../../../utils/format-date';
import { useCancelSubscription } from '../api/cancel-subscription';

/** docs/product.md §4: the Cancel Subscription card shows only for an active plan not already cancelled. */
export function canCancel(subscription: SubscriptionStatus): boolean {
  return subscription.subscribed && subscription.isActive && !subscription.isToDelete;
}

/** The Cancel Subscription card, with its confirmation dialog (docs/product.md §4, §8). */
export function CancelSubscriptionCard({ subscription }: { subscription: SubscriptionStatus }) {
  const toast = useToast();
  const confirm = useConfirm();
  const cancel = useCancelSubscription();
  const plan = usePlans()[subscription.subscription_tier];
  const end = subscription.subscription_end
    ? formatLongDate(new Date(subscription.subscription_end))
    : 'the end of the current billing period';

  const onCancel = () =>
    confirm({
      title: 'Cancel your subscription?',
      content: `Your ${plan.name} plan stays usable until ${end}. After that your account is on the Free plan.`,
      okText: 'Cancel Subscription',
      onOk: async () => {
        try {
          await cancel.mutateAsync();
          toast.success(
            'Subscription cancelled',
            'Your subscription has been cancelled and will expire at the end of the current billing period.',
          );
        } catch {
          toast.error('Cancellation failed', 'There was an error cancelling your subscription.');
        }
      },
    });

  return (
    <Card title={<h2 className="tb-card-title">Cancel Subscription</h2>}>
      <p className="tb-muted">
        Cancelling stops the renewal. Your {plan.name} plan stays usable until {end}.
      </p>
      <Button danger onClick={onCancel} loading={cancel.isPending}>
        Cancel Subscription
      </Button>
    </Card>
  );
}
