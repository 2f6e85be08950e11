import { SettingsSection } from '../../../components/settings/settings-section';
import { NotificationsCard } from './notifications-card';

/** Settings › Alerts: the e-mail alerts of the workspace on screen, each person's own. */
export function AlertsSection() {
  return (
    <SettingsSection section="alerts">
      <NotificationsCard />
    </SettingsSection>
  );
}
