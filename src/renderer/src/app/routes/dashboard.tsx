import { DashboardPlaceholder } from '../../features/dashboard/dashboard-placeholder';
import { ProtectedRoute } from '../../lib/auth';

export function Component() {
  return (
    <ProtectedRoute>
      <DashboardPlaceholder />
    </ProtectedRoute>
  );
}
