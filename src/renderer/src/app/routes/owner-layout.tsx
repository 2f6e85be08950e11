import { DashboardLayout } from '../../components/layouts/dashboard-layout';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { ProtectedRoute } from '../../lib/auth';
import { useConsoleColorScheme } from '../../theme/color-scheme';

/**
 * The frame of every owner screen: a session is required, then a settled workspace (every owner
 * request names it), then the sidebar layout. The owner's
 * colour scheme applies while this frame is mounted (a redirect to /login unmounts it, so the
 * public pages stay light).
 */
export function Component() {
  useConsoleColorScheme();
  return (
    <ProtectedRoute>
      <WorkspaceGate>
        <DashboardLayout />
      </WorkspaceGate>
    </ProtectedRoute>
  );
}
