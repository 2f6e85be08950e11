import { Outlet } from 'react-router-dom';
import { AntdFrame } from '../../lib/antd-frame';

/** The screens drawn with antd: owner screens and the account pages that are not prerendered. */
export function Component() {
  return (
    <AntdFrame>
      <Outlet />
    </AntdFrame>
  );
}
