import { DashboardLayout } from '../../components/layouts/dashboard-layout';
import { ProtectedRoute } from '../../lib/auth';

/** The frame of every owner screen: a session is required, then the sidebar layout. */
export function Component() {
  return (
    <ProtectedRoute>
      <DashboardLayout />
    </ProtectedRoute>
  );
}
