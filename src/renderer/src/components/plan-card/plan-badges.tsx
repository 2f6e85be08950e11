import type { Plan } from '../../../../shared/plans';
import { StatusTag } from '../status-tag/status-tag';
import './plan-badges.css';

/**
 * The badges above a plan's name (docs/product.md §2): Most Popular on the plan the plan table marks
 * popular, Your Plan on the visitor's current plan. The row keeps its height when empty, so the
 * names of a grid's cards stay level.
 */
export function PlanBadges({ plan, isCurrent }: { plan: Plan; isCurrent: boolean }) {
  return (
    <div className="tb-plan-tags">
      {plan.popular ? <StatusTag tone="brand">Most Popular</StatusTag> : null}
      {isCurrent ? <StatusTag tone="success">Your Plan</StatusTag> : null}
    </div>
  );
}
