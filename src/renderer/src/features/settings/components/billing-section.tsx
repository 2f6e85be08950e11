import { SettingsSection } from '../../../components/settings/settings-section';
import { SubscriptionPanel } from './subscription-panel';

/**
 * Settings › Plan & billing: the workspace's plan, the others and cancelling (SubscriptionPanel).
 * Every role reads the plan; only an owner changes it, and anyone else is told so there.
 */
export function BillingSection() {
  return (
    <SettingsSection section="billing" wide>
      <SubscriptionPanel />
    </SettingsSection>
  );
}
