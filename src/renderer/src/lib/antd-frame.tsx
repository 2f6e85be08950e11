import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useAntdConfig } from '../theme/use-antd-config';
import { PHONE, toastPlacement } from './toast-placement';
import { useMediaQuery } from './use-media-query';

/**
 * antd in Tellbox's theme (light, or dark while the console applies it; still for an owner who asks
 * for less motion), with its App (confirm dialogs, the desktop app's notices): the frame of every
 * antd screen. The product's toasts (docs/product.md §8) are not App's: see useToast.
 */
export function AntdFrame({ children }: { children: ReactNode }) {
  const toasts = toastPlacement(useMediaQuery(PHONE));
  return (
    <ConfigProvider {...useAntdConfig()}>
      <AntApp notification={toasts}>{children}</AntApp>
    </ConfigProvider>
  );
}
