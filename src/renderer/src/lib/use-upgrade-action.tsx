import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PlanId } from '../../../shared/plans';
import { checkoutHref } from '../config/paths';
import { usePlans } from './use-plans';
import { useCan } from './workspace/use-permission';

/**
 * The "Upgrade to Pro" button a limit toast carries, or nothing when no plan lifts the limit or
 * the role may not change the plan (only an owner may). A button that navigates rather than a
 * link: toasts render outside the router.
 */
export function useUpgradeAction(): (plan: PlanId | null) => ReactNode | undefined {
  const navigate = useNavigate();
  const plans = usePlans();
  const billing = useCan('billing.manage');
  return (plan) =>
    plan && billing ? (
      <Button type="primary" size="small" onClick={() => void navigate(checkoutHref(plan))}>
        Upgrade to {plans[plan].name}
      </Button>
    ) : undefined;
}
