import { Suspense, lazy, type ReactNode } from 'react';
import { Loading } from '../../lib/auth';
import { useWorkspaceGate } from '../../lib/workspace/use-workspace-gate';
import { LoadError } from '../load-error';
import './workspace-gate.css';

// Rarely seen, and its form brings zod and react-hook-form: loaded only for an account in no
// workspace, not with every owner screen (the dashboard's JavaScript budget).
const NoWorkspace = lazy(() => import('./no-workspace').then((module) => ({ default: module.NoWorkspace })));

/** The owner screens, once the workspace they are about is settled (use-workspace-gate.ts). */
export function WorkspaceGate({ children }: { children: ReactNode }) {
  const gate = useWorkspaceGate();
  switch (gate.status) {
    case 'ready':
      return <>{children}</>;
    case 'none':
      return (
        <Suspense fallback={<Loading />}>
          <NoWorkspace />
        </Suspense>
      );
    case 'error':
      return (
        <div className="tb-gate-error">
          <LoadError message="Failed to load your workspaces. Please try again." onRetry={gate.retry} />
        </div>
      );
    case 'loading':
      return <Loading />;
  }
}
