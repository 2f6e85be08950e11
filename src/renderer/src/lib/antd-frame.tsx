import { App as AntApp, ConfigProvider } from 'antd';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { antdToasts } from './antd-toasts';
import { ToastContext } from './use-toast';
import { tellboxTheme } from './antd-theme';
import { isPhone, onPhoneChange, toastPlacement } from './toast-placement';

function useToastPlacement() {
  return toastPlacement(useSyncExternalStore(onPhoneChange, isPhone, () => false));
}

/** Toasts from antd's App, so an action inside one (an upgrade button) can use the router. */
function AppToasts({ children }: { children: ReactNode }) {
  const { notification } = AntApp.useApp();
  const toasts = useMemo(() => antdToasts(notification), [notification]);
  return <ToastContext value={toasts}>{children}</ToastContext>;
}

/** antd in Tellbox's theme, with its App (toasts, confirm dialogs): the frame of every antd screen. */
export function AntdFrame({ children }: { children: ReactNode }) {
  const toasts = useToastPlacement();
  return (
    <ConfigProvider theme={tellboxTheme}>
      <AntApp notification={toasts}>
        <AppToasts>{children}</AppToasts>
      </AntApp>
    </ConfigProvider>
  );
}
