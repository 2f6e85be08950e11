import { useNavigate } from 'react-router-dom';
import { planFeatures, type Plan, type PlanId } from '../../../../shared/plans';
import { getStorage } from '../../lib/storage';
import { buttonClass } from '../button-class';
import { PlanBadges } from './plan-badges';
import { planCardAction } from './plan-card-action';
import { PlanPrice } from './plan-price';

export interface PlanCardProps {
  plan: Plan;
  loggedIn: boolean;
  /** The visitor's plan when logged in; null otherwise. */
  currentPlan: PlanId | null;
}

/** One plan of the pricing grid: title, price, description, features and one button (docs/product.md §2). */
export function PlanCard({ plan, loggedIn, currentPlan }: PlanCardProps) {
  const navigate = useNavigate();
  const action = planCardAction(plan, loggedIn, currentPlan);
  const isCurrent = currentPlan === plan.id;
  const titleId = `plan-${plan.id}-title`;

  const choose = () => {
    if (!action.to) return;
    if (action.remember) getStorage().setSession('selectedPlan', action.remember);
    void navigate(action.to);
  };

  return (
    <article className={plan.popular ? 'tb-plan tb-plan-popular' : 'tb-plan'} aria-labelledby={titleId}>
      <PlanBadges plan={plan} isCurrent={isCurrent} />
      <h3 id={titleId}>{plan.name}</h3>
      <PlanPrice plan={plan} />
      <p className="tb-plan-description">{plan.description}</p>
      <ul className="tb-check-list">
        {planFeatures(plan).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <button
        type="button"
        className={buttonClass({ variant: plan.popular ? 'primary' : 'default', block: true })}
        disabled={action.disabled}
        onClick={choose}
      >
        {action.label}
      </button>
    </article>
  );
}
