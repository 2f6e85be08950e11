import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useSessionStore } from '../stores/session-store';

/** A loading line that keeps its place, so nothing shifts when the session arrives. */
export function Loading() {
  return (
    <div className="tb-loading" role="status">
      Loading...
    </div>
  );
}

/** Sends a visitor without a session to /login, remembering where they were going. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const user = useSessionStore((state) => state.user);
  const restoring = useSessionStore((state) => state.restoring);
  const location = useLocation();
  if (restoring) return <Loading />;
  if (!user) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}
