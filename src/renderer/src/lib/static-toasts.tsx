/** antd's notification outside any antd App: toasts (docs/product.md §8) in the console's theme and places. */
import { ConfigProvider, notification } from 'antd';
import type { ReactNode } from 'react';
import { useAntdConfig } from '../theme/use-antd-config';
import { isPhone, TOAST_TOP, toastPlacement } from './toast-placement';
import type { ToastOptions, Toasts } from './use-toast';

/** Toasts follow the scheme on the page when they show, and when it changes while they are up. */
function ToastTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider {...useAntdConfig()}>{children}</ConfigProvider>;
}

ConfigProvider.config({ holderRender: (children) => <ToastTheme>{children}</ToastTheme> });
notification.config({ top: TOAST_TOP });

function args(title: string, description: string | undefined, options: ToastOptions = {}) {
  return {
    title,
    description,
    // Where it goes is read when it shows: a phone turned sideways has a wide screen now.
    placement: toastPlacement(isPhone()).placement,
    ...(options.durationMs !== undefined && { duration: options.durationMs / 1000 }),
    ...(options.action !== undefined && { actions: options.action }),
  };
}

export const staticToasts: Toasts = {
  success: (title, description, options) => notification.success(args(title, description, options)),
  error: (title, description, options) => notification.error(args(title, description, options)),
  info: (title, description, options) => notification.info(args(title, description, options)),
};

export const closeAllStaticToasts = () => notification.destroy();
