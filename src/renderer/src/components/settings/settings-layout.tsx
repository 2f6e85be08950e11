import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../lib/auth';
import './settings-layout.css';
import { SettingsNav } from './settings-nav';

/**
 * Every Settings section: the section nav beside (or, on narrow screens, above) the section on
 * screen. A section's code arrives when it is first opened: the nav stays while it loads.
 */
export function SettingsLayout() {
  return (
    <div className="tb-settings-layout">
      <SettingsNav />
      <div className="tb-settings-body">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
