import { Button, Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { checkoutHref } from '../../../config/paths';
import { usePlans } from '../../../lib/use-plans';
import type { UpgradeOffer, UpgradeReason } from '../utils/upgrade-offer';

function reasonText(reason: UpgradeReason): string {
  const limitReached = 'reached' in reason && reason.reached ? ' (limit reached)' : '';
  switch (reason.kind) {
    case 'widgets':
      return `Widgets: ${reason.used} of ${reason.max} used${limitReached}`;
    case 'posts':
      return `News posts${reason.period === 'month' ? ' this month' : ''}: ${reason.used} of ${reason.max} used${limitReached}`;
    case 'feedback': {
      const entries = reason.hidden === 1 ? '1 feedback entry is' : `${reason.hidden} feedback entries are`;
      const perWidget = reason.scope === 'widget' ? ' per widget' : '';
      return `${entries} hidden: your plan shows ${reason.max ?? 'unlimited'}${perWidget} per month`;
    }
  }
}

/**
 * The dashboard's upgrade card (docs/product.md §4): what is reached or near, and a button that starts the
 * checkout of the suggested plan on /checkout.
 */
export function UpgradeCard({ offer }: { offer: UpgradeOffer }) {
  const navigate = useNavigate();
  const plans = usePlans();
  const target = plans[offer.plan].name;
  const title = offer.reached ? 'Limit reached' : 'Approaching your plan limits';
  return (
    <Card className="tb-upgrade-card" title={<h2 className="tb-card-title">{title}</h2>}>
      <p>Your {plans[offer.currentPlan].name} plan:</p>
      <ul>
        {offer.reasons.map((reason) => (
          <li key={reason.kind}>{reasonText(reason)}</li>
        ))}
      </ul>
      <p>Upgrade to {target} to raise these limits.</p>
      <Button type="primary" onClick={() => void navigate(checkoutHref(offer.plan))}>
        Upgrade to {target}
      </Button>
    </Card>
  );
}
