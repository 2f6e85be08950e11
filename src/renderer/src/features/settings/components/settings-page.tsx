import type { ReactNode } from 'react';
import { SettingsTabs } from '../../../components/settings-tabs';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { ProfileCard } from './profile-card';
import { SubscriptionPanel } from './subscription-panel';

/**
 * `/settings`: Account Settings, three account cards and the subscription panel (docs/product.md
 * §2). `notificationsCard`: the e-mail alerts card, as wide as the page under the account cards; a
 * feature of its own that the route composes in (a feature never imports another). `serverCard`:
 * the desktop app's "Tellbox server" card, composed in by the route there.
 */
export function SettingsPage({
  notificationsCard = null,
  serverCard = null,
}: {
  notificationsCard?: ReactNode;
  serverCard?: ReactNode;
}) {
  return (
    <>
      <div className="tb-page-header">
        <h1>Account Settings</h1>
      </div>
      <SettingsTabs />
      <div className="tb-settings">
        <section className="tb-settings-accounts" aria-label="Account">
          <ProfileCard />
          <ChangePasswordCard />
          {serverCard}
          <DeleteAccountCard />
        </section>
        {notificationsCard}
        <SubscriptionPanel />
      </div>
    </>
  );
}
