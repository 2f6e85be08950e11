import { useStartCheckout } from '../../../lib/owner-data/use-start-checkout';
import { useConfirm } from '../../../components/confirm-dialog';
import { formatLongDate } from '../../../utils/format-date';
import type { Plan } from '../../../../../shared/plans';
import { usePlans } from '../../../lib/use-plans';
import type { SubscriptionStatus } from '../../../stores/session-store';
import { useChangePlan } from '../api/change-plan';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import type { PlanButton } from '../plan-button';

/** What a downgrade means, said before it happens. */
function downgradeText(plan: Plan, current: string, subscription: SubscriptionStatus): string {
  if (plan.id !== 'free') {
    return `Your plan changes from ${current} to ${plan.name} now, with prorated billing, and the ${plan.name} limits apply from then on.`;
  }
  const end = subscription.subscription_end ? formatLongDate(new Date(subscription.subscription_end)) : null;
  return end
    ? `Your ${current} plan stays usable until ${end}. After that your account is on the Free plan and its limits apply.`
    : `Your ${current} plan stays usable until the end of the current billing period. After that your account is on the Free plan.`;
}

/**
 * Carries out a plan button: checkout in a new tab, reactivation or a plan change. docs/product.md §8:
 * failures from the settings panel are only logged.
 */
export function usePlanAction(subscription: SubscriptionStatus) {
  const checkout = useStartCheckout();
  const change = useChangePlan();
  const reactivate = useReactivateSubscription();
  const confirm = useConfirm();
  const current = usePlans()[subscription.subscription_tier].name;

  const logged = (what: string) => (error: unknown) => console.error(`${what} failed`, error);

  const run = (plan: Plan, button: PlanButton): void => {
    if (!button.enabled) return;
    if (button.action === 'checkout' && plan.id !== 'free') {
      checkout.mutateAsync(plan.id).catch(logged('Checkout'));
    } else if (button.action === 'reactivate') {
      reactivate.mutateAsync().catch(logged('Reactivation'));
    } else if (button.action === 'change' && button.downgrade) {
      confirm({
        title: `${button.label}?`,
        content: downgradeText(plan, current, subscription),
        okText: button.label,
        onOk: () => change.mutateAsync(plan.id).catch(logged('Plan change')),
      });
    } else if (button.action === 'change') {
      change.mutateAsync(plan.id).catch(logged('Plan change'));
    }
  };

  const busy = checkout.isPending || change.isPending || reactivate.isPending;
  return { run, busy };
}
