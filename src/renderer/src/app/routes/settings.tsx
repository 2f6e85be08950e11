import { SettingsPage } from '../../features/settings/components/settings-page';

export { SettingsPage as Component };
