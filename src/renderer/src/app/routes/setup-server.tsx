import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { isDesktop } from '../../lib/platform';

const SetupServerPage = lazy(() =>
  import('../../features/desktop/desktop-screens').then((module) => ({ default: module.SetupServerPage })),
);

/** `/setup-server`: the desktop app's server screen; a browser has no server to choose. */
export function Component() {
  return isDesktop() ? <SetupServerPage /> : <Navigate to={paths.home} replace />;
}
