import { SettingsSection } from '../../../components/settings/settings-section';
import { ChangePasswordCard } from './change-password-card';

/** Settings › Security: changing the password (which signs out every other device). */
export function SecuritySection() {
  return (
    <SettingsSection section="security">
      <ChangePasswordCard />
    </SettingsSection>
  );
}
