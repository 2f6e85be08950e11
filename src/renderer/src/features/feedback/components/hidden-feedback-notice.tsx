import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { FeedbackSummary } from '../../../../../shared/api';
import type { PlanTable } from '../../../../../shared/plans';
import { checkoutHref } from '../../../config/paths';
import { useFeedbackSummary } from '../../../lib/owner-data/use-feedback-summary';
import { useListLayout } from '../../../lib/use-list-layout';
import { usePlans } from '../../../lib/use-plans';
import { useCan } from '../../../lib/workspace/use-permission';
import './hidden-feedback-notice.css';

function noticeText(
  { hiddenFeedbackCount: count, plan, maxVisibleFeedbackPerMonth: max, feedbackScope }: FeedbackSummary,
  plans: PlanTable,
  billing: boolean,
) {
  const entries = count === 1 ? '1 feedback entry is' : `${count} feedback entries are`;
  const cap =
    max === null
      ? ''
      : `: your ${plans[plan].name} plan shows up to ${max}${feedbackScope === 'widget' ? ' per widget' : ''} per month`;
  const them = count === 1 ? 'it' : 'them';
  // Only an owner changes the plan: anyone else is told who can.
  return `${entries} hidden${cap}. Nothing is lost: ${billing ? 'upgrade' : 'an owner can upgrade'} to see ${them}.`;
}

/**
 * Says how much feedback the plan's monthly cap hides (docs/plans-and-billing.md, "Plans": stored, never dropped) and
 * offers the upgrade that shows it. Nothing while no feedback is hidden. The count is not said to
 * be this month's: the summary counts what every month's cap hides.
 */
export function HiddenFeedbackNotice() {
  const { data } = useFeedbackSummary();
  const plans = usePlans();
  const navigate = useNavigate();
  const billing = useCan('billing.manage');
  // On a phone the upgrade goes under the text, full size: beside it, it squeezed the text to a
  // narrow column and was too small a target for a thumb.
  const phone = useListLayout() === 'cards';
  if (!data || data.hiddenFeedbackCount <= 0) return null;
  const suggested = data.suggestedPlan;
  return (
    <Alert
      className={phone ? 'tb-hidden-feedback tb-hidden-feedback-stacked' : 'tb-hidden-feedback'}
      type="warning"
      showIcon
      title={noticeText(data, plans, billing)}
      action={
        suggested &&
        billing && (
          <Button
            type="primary"
            size={phone ? 'middle' : 'small'}
            onClick={() => void navigate(checkoutHref(suggested))}
          >
            Upgrade to {plans[suggested].name}
          </Button>
        )
      }
    />
  );
}
