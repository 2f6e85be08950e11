import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { queryClient } from '../lib/query-client';
import { restoreSession } from '../lib/session';
import { watchWorkspace } from '../lib/workspace/workspace-data';

/**
 * What every screen needs. No antd here: the public pages are plain React and CSS, and the antd
 * screens bring their own frame (AntdFrame).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  // For the app's lifetime: a new workspace (or none, after a logout) takes the old one's data away.
  useEffect(() => watchWorkspace(queryClient), []);
  // After the first render: a prerendered page hydrates as it was drawn, logged out.
  useEffect(() => {
    void restoreSession();
  }, []);

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ErrorBoundary>
  );
}
