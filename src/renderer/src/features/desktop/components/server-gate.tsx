import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Loading } from '../../../lib/auth';
import { useSessionStore } from '../../../stores/session-store';
import { loadServerUrl, useServerUrlStore } from '../stores/server-url-store';

/**
 * The desktop app's first run: until a Tellbox server is set, every route shows the server screen
 * (remembering where the owner was going). Loading covers the wait for the server URL and the
 * keychain token, so no screen flashes before the session is known.
 */
export function ServerGate({ children }: { children: ReactNode }) {
  const { loaded, url } = useServerUrlStore();
  const restoring = useSessionStore((state) => state.restoring);
  const location = useLocation();

  useEffect(() => {
    if (!loaded) void loadServerUrl();
  }, [loaded]);

  if (!loaded || restoring) return <Loading />;
  if (!url && location.pathname !== paths.setupServer) {
    return <Navigate to={paths.setupServer} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}
