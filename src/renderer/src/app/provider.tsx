import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { queryClient } from '../lib/query-client';
import { restoreSession } from '../lib/session';
import { tellboxTheme } from './theme';

/**
 * Where toasts go, so they never cover what the owner acts on next. On a wide screen, bottom left:
 * over the sidebar's empty lower part, clear of Create and the filters (top right) and of row
 * actions (the tables' right-hand column), which antd's default, top right, covered. On a phone,
 * over the app bar at the top, which stays put while the page scrolls: anywhere else a full-width
 * toast lands on rows and their buttons.
 */
function useToastPlacement() {
  return useSyncExternalStore(
    onPhoneChange,
    () => window.matchMedia(PHONE).matches,
    () => false,
  )
    ? PHONE_TOASTS
    : WIDE_TOASTS;
}
/** antd's `md` breakpoint, read with matchMedia: antd's Grid would add a kilobyte to the landing page. */
const PHONE = '(max-width: 767.98px)';
function onPhoneChange(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const WIDE_TOASTS = { placement: 'bottomLeft', bottom: 16 } as const;
const PHONE_TOASTS = { placement: 'top', top: 4 } as const;

export function AppProvider({ children }: { children: ReactNode }) {
  const toasts = useToastPlacement();
  useEffect(() => {
    void restoreSession();
  }, []);

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={tellboxTheme}>
          <AntApp notification={toasts}>{children}</AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
