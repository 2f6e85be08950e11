import { Button } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { PlanId } from '../../../shared/plans';
import { checkoutHref } from '../config/paths';
import { usePlans } from '../lib/use-plans';
import { useCan } from '../lib/workspace/use-permission';

export interface CreateButtonProps {
  label: string;
  onClick: () => void;
  /** The plan allows no more (the limits summary's canCreate… is false). */
  limitReached: boolean;
  /** The plan that lifts the limit, if any. */
  upgradePlan: PlanId | null;
}

/**
 * A screen's Create button. At the plan's limit it is disabled, with why and the upgrade beside
 * it, so the owner neither fills in a form that cannot be saved nor hunts for the way on. Only an
 * owner changes the plan: anyone else is told to ask one.
 */
export function CreateButton({ label, onClick, limitReached, upgradePlan }: CreateButtonProps) {
  const plans = usePlans();
  const billing = useCan('billing.manage');
  const noteId = useId();
  return (
    <span className="tb-create-action">
      <Button
        type="primary"
        onClick={onClick}
        disabled={limitReached}
        aria-describedby={limitReached ? noteId : undefined}
      >
        {label}
      </Button>
      {limitReached && (
        <span id={noteId} className="tb-create-limit">
          Limit reached
          {upgradePlan && billing && (
            <>
              {' · '}
              <Link to={checkoutHref(upgradePlan)}>Upgrade to {plans[upgradePlan].name}</Link>
            </>
          )}
          {upgradePlan && !billing && ` · Ask an owner to upgrade to ${plans[upgradePlan].name}`}
        </span>
      )}
    </span>
  );
}
