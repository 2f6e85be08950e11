import { Navigate, useLocation } from 'react-router-dom';
import { settingsSectionPath } from './legacy-settings-link';

/** `/settings` itself: replaced in history by the section it stands for (Profile, unless its fragment names another). */
export function SettingsRedirect() {
  const { hash, search } = useLocation();
  return <Navigate to={{ pathname: settingsSectionPath(hash), search }} replace />;
}
