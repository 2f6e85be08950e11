import type { ReactNode } from 'react';
import { AntdFrame } from '../../../lib/antd-frame';
import { DesktopShell } from './desktop-shell';

/** The desktop shell inside antd's frame: its server screen and notices are antd, on every route. */
export function DesktopFrame({ children }: { children: ReactNode }) {
  return (
    <AntdFrame>
      <DesktopShell>{children}</DesktopShell>
    </AntdFrame>
  );
}
