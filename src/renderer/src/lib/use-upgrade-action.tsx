import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PlanId } from '../../../shared/plans';
import { checkoutHref } from '../config/paths';
import { usePlans } from './use-plans';

/**
 * The "Upgrade to Pro" button a limit toast carries, or nothing when no plan lifts the limit. A
 * button that navigates rather than a link: toasts render outside the router.
 */
export function useUpgradeAction(): (plan: PlanId | null) => ReactNode | undefined {
  const navigate = useNavigate();
  const plans = usePlans();
  return (plan) =>
    plan ? (
      <Button type="primary" size="small" onClick={() => void navigate(checkoutHref(plan))}>
        Upgrade to {plans[plan].name}
      </Button>
    ) : undefined;
}
