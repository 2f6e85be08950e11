import { planPrice, type Plan } from '../../../../shared/plans';
import { useLocale } from '../../lib/use-locale';

/** A plan's monthly price as every plan card and the checkout show it: `$7.99/month` in en-US. */
export function PlanPrice({ plan }: { plan: Pick<Plan, 'monthlyPriceCents' | 'currency'> }) {
  const locale = useLocale();
  return (
    <p className="tb-plan-price">
      <strong>{planPrice(plan, locale)}</strong>
      <span>/month</span>
    </p>
  );
}
