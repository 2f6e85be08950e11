import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { FeedbackSummary } from '../../../../../shared/api';
import { DEFAULT_PLANS } from '../../../../../shared/plans';
import { checkoutHref } from '../../../config/paths';
import { useFeedbackSummary } from '../../../lib/owner-data/use-feedback-summary';

function noticeText({
  hiddenFeedbackCount: count,
  plan,
  maxVisibleFeedbackPerMonth: max,
  feedbackScope,
}: FeedbackSummary) {
  const entries = count === 1 ? '1 feedback entry is' : `${count} feedback entries are`;
  const cap =
    max === null
      ? ''
      : `: your ${DEFAULT_PLANS[plan].name} plan shows up to ${max}${feedbackScope === 'widget' ? ' per widget' : ''} per month`;
  return `${entries} hidden${cap}. Nothing is lost: upgrade to see ${count === 1 ? 'it' : 'them'}.`;
}

/**
 * Says how much feedback the plan's monthly cap hides (decisions §6: stored, never dropped) and
 * offers the upgrade that shows it. Nothing while no feedback is hidden. The count is not said to
 * be this month's: the summary counts what every month's cap hides.
 */
export function HiddenFeedbackNotice() {
  const { data } = useFeedbackSummary();
  const navigate = useNavigate();
  if (!data || data.hiddenFeedbackCount <= 0) return null;
  const suggested = data.suggestedPlan;
  return (
    <Alert
      className="tb-hidden-feedback"
      type="warning"
      showIcon
      title={noticeText(data)}
      action={
        suggested && (
          <Button type="primary" size="small" onClick={() => void navigate(checkoutHref(suggested))}>
            Upgrade to {DEFAULT_PLANS[suggested].name}
          </Button>
        )
      }
    />
  );
}
