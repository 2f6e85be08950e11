import { App as AntApp, ConfigProvider } from 'antd';
import { type ReactNode, useSyncExternalStore } from 'react';
import { tellboxTheme } from './antd-theme';
import { isPhone, onPhoneChange, toastPlacement } from './toast-placement';

function useToastPlacement() {
  return toastPlacement(useSyncExternalStore(onPhoneChange, isPhone, () => false));
}

/**
 * antd in Tellbox's theme, with its App (confirm dialogs, the desktop app's notices): the frame
 * of every antd screen. The spec's toasts are not App's: see useToast.
 */
export function AntdFrame({ children }: { children: ReactNode }) {
  const toasts = useToastPlacement();
  return (
    <ConfigProvider theme={tellboxTheme}>
      <AntApp notification={toasts}>{children}</AntApp>
    </ConfigProvider>
  );
}
