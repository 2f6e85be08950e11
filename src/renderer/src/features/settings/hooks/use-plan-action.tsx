import { useState, type ReactNode } from 'react';
import type { Plan } from '../../../../../shared/plans';
import { useStartCheckout } from '../../../lib/owner-data/use-start-checkout';
import { usePlans } from '../../../lib/use-plans';
import { useToast } from '../../../lib/use-toast';
import type { SubscriptionStatus } from '../../../stores/session-store';
import { useChangePlan } from '../api/change-plan';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import { PlanChangeDialog } from '../components/plan-change-dialog';
import type { PlanButton } from '../plan-button';

/**
 * Carries out a plan button. A workspace without a paid plan goes to checkout in a new tab (which
 * asks for the card, so one click charges nothing); every change to a paid plan (upgrade,
 * downgrade, switch, reactivate) first opens the plan-change dialog with its price, and only its
 * Confirm changes the plan. `dialog` is that dialog, to be drawn by the caller.
 */
export function usePlanAction(subscription: SubscriptionStatus) {
  const checkout = useStartCheckout();
  const change = useChangePlan();
  const reactivate = useReactivateSubscription();
  const toast = useToast();
  const plans = usePlans();
  const [asking, setAsking] = useState<{ plan: Plan; button: PlanButton } | null>(null);

  const run = (plan: Plan, button: PlanButton): void => {
    if (!button.enabled) return;
    if (button.action === 'checkout' && plan.id !== 'free') {
      // docs/product.md §8: a failure from the settings panel is only logged.
      checkout.mutateAsync(plan.id).catch((error: unknown) => console.error('Checkout failed', error));
    } else if (button.action === 'reactivate' || button.action === 'change') {
      setAsking({ plan, button });
    }
  };

  const confirm = async ({ plan, button }: { plan: Plan; button: PlanButton }) => {
    const info = button.action === 'reactivate' ? await reactivate.mutateAsync() : await change.mutateAsync(plan.id);
    const said =
      plan.id === 'free'
        ? 'Your workspace moves to Free at the end of the billing period.'
        : `Your workspace is on ${plans[info.plan].name} now.`;
    toast.success('Plan updated', said);
  };

  const dialog: ReactNode = asking ? (
    <PlanChangeDialog
      plan={asking.plan}
      current={plans[subscription.subscription_tier]}
      button={asking.button}
      onConfirm={() => confirm(asking)}
      onClose={() => setAsking(null)}
    />
  ) : null;

  const busy = checkout.isPending || change.isPending || reactivate.isPending;
  return { run, busy, dialog };
}
