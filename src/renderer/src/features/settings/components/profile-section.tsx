import type { ReactNode } from 'react';
import { DangerZone } from '../../../components/settings/danger-zone';
import { SettingsSection } from '../../../components/settings/settings-section';
import { DeleteAccountCard } from './delete-account-card';
import { ProfileCard } from './profile-card';

/**
 * Settings › Profile: name and e-mail address, in the desktop app the Tellbox server it talks to
 * (`serverCard`, composed in by the route: a feature never imports another), and last, set apart,
 * deleting the account.
 */
export function ProfileSection({ serverCard = null }: { serverCard?: ReactNode }) {
  return (
    <SettingsSection
      section="profile"
      dangerZone={
        <DangerZone>
          <DeleteAccountCard />
        </DangerZone>
      }
    >
      <ProfileCard />
      {serverCard}
    </SettingsSection>
  );
}
