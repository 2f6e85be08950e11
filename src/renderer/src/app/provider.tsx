import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { queryClient } from '../lib/query-client';
import { restoreSession } from '../lib/session';
import { tellboxTheme } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    void restoreSession();
  }, []);

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={tellboxTheme}>
          <AntApp>{children}</AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
