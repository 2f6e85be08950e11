import { Button } from 'antd';
import { PLAN_IDS, planFeatures } from '../../../../../shared/plans';
import { PlanBadges } from '../../../components/plan-card/plan-badges';
import { PlanPrice } from '../../../components/plan-card/plan-price';
import { usePlans } from '../../../lib/use-plans';
import type { SubscriptionStatus } from '../../../stores/session-store';
import { usePlanAction } from '../hooks/use-plan-action';
import { planButton } from '../plan-button';

/**
 * The "Available Plans" grid, each plan with the button of docs/product.md §4 for the owner's status and the
 * landing's badges (Most Popular, Your Plan).
 */
export function AvailablePlans({ subscription }: { subscription: SubscriptionStatus }) {
  const { run, busy, dialog } = usePlanAction(subscription);
  const plans = usePlans();

  return (
    <section aria-labelledby="available-plans-title">
      <h2 id="available-plans-title" className="tb-settings-heading">
        Available Plans
      </h2>
      <div className="tb-grid">
        {PLAN_IDS.map((id) => {
          const plan = plans[id];
          const button = planButton(plan, subscription);
          const titleId = `available-plan-${plan.id}`;
          return (
            <article key={plan.id} className="tb-plan" aria-labelledby={titleId}>
              <PlanBadges plan={plan} isCurrent={plan.id === subscription.subscription_tier} />
              <h3 id={titleId}>{plan.name}</h3>
              <PlanPrice plan={plan} />
              <ul className="tb-check-list">
                {planFeatures(plan).map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <Button
                block
                type={button.enabled && !button.downgrade ? 'primary' : 'default'}
                disabled={!button.enabled || busy}
                onClick={() => run(plan, button)}
              >
                {button.label}
              </Button>
            </article>
          );
        })}
      </div>
      {dialog}
    </section>
  );
}
