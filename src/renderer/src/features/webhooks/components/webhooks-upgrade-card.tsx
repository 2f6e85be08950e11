import { Button, Card } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { checkoutHref, paths } from '../../../config/paths';
import { usePlans } from '../../../lib/use-plans';
import { useCan } from '../../../lib/workspace/use-permission';
import { joinPlanNames, type WebhookPlanInfo } from '../utils/webhook-plans';

/**
 * In place of Add Webhook on a plan without webhooks: which plans have them, the upgrade, and the
 * plans compared. Endpoints kept from a paid plan stay listed under it, sending nothing.
 */
export function WebhooksUpgradeCard({ info, hasEndpoints }: { info: WebhookPlanInfo; hasEndpoints: boolean }) {
  const navigate = useNavigate();
  const plans = usePlans();
  const names = joinPlanNames(info.plansWithWebhooks);
  const title = names
    ? `Webhooks are part of the ${names} plan${info.plansWithWebhooks.length > 1 ? 's' : ''}`
    : 'Your plan does not include webhooks';
  const { upgradePlan } = info;
  // Only an owner changes the plan; anyone else still sees what it would take.
  const billing = useCan('billing.manage');
  return (
    <Card className="tb-upgrade-card tb-webhooks-upgrade">
      {/* In the body, not antd's title: a title is cut to one line, and this one is long on a phone. */}
      <h2 className="tb-card-title">{title}</h2>
      {hasEndpoints && <p>Your webhooks below are kept, but nothing is sent to them on your current plan.</p>}
      <div className="tb-webhooks-upgrade-actions">
        {upgradePlan && billing && (
          <Button type="primary" onClick={() => void navigate(checkoutHref(upgradePlan))}>
            Upgrade to {plans[upgradePlan].name}
          </Button>
        )}
        {upgradePlan && !billing && <p className="tb-muted">Ask an owner of the workspace to upgrade.</p>}
        <Link to={paths.billing}>Compare plans</Link>
      </div>
    </Card>
  );
}
