/**
 * The authenticated layout (spec §2): the sidebar with every owner screen and Logout, and the
 * page beside it. Below the `md` breakpoint the sidebar collapses into a drawer behind a menu
 * button, so every screen fits 375 px.
 */
import { Button, Drawer, Grid, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useLiveOwnerEvents } from '../../lib/live-events';
import { endSession } from '../../lib/session';
import { useToast } from '../../lib/use-toast';
import { useSessionStore } from '../../stores/session-store';

const NAV_ITEMS = [
  { path: paths.dashboard, label: 'Dashboard' },
  { path: paths.widgets, label: 'My Widgets' },
  { path: paths.feedback, label: 'Feedback' },
  { path: paths.news, label: 'News Posts' },
  { path: paths.settings, label: 'Account Settings' },
  { path: paths.support, label: 'Support' },
] as const;

const LOGOUT_KEY = 'logout';

function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();

  const items: MenuProps['items'] = [
    ...NAV_ITEMS.map((item) => ({
      key: item.path,
      label: (
        <Link to={item.path} onClick={onNavigate}>
          {item.label}
        </Link>
      ),
    })),
    { type: 'divider' as const },
    { key: LOGOUT_KEY, label: 'Logout' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== LOGOUT_KEY) return;
    onNavigate?.();
    endSession();
    toast.success('Logged out', 'You have been logged out successfully.');
    void navigate(paths.login);
  };

  const selected = NAV_ITEMS.find((item) => location.pathname.startsWith(item.path))?.path;
  return (
    <nav aria-label="Dashboard">
      <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} onClick={onClick} />
    </nav>
  );
}

export function DashboardLayout() {
  const user = useSessionStore((state) => state.user);
  useLiveOwnerEvents();
  const screens = Grid.useBreakpoint();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Before the first measurement `md` is undefined: assume a wide screen, as antd's own Sider does.
  const narrow = screens.md === false;

  return (
    <Layout className="tb-app">
      {!narrow && (
        <Layout.Sider width={232} theme="light" className="tb-app-sider">
          <Link to={paths.dashboard} className="tb-brand tb-app-brand">
            Tellbox
          </Link>
          <SidebarMenu />
        </Layout.Sider>
      )}
      <Layout>
        <header className="tb-app-header">
          {narrow && (
            <>
              <Button aria-label="Open menu" onClick={() => setDrawerOpen(true)}>
                ☰
              </Button>
              <Link to={paths.dashboard} className="tb-brand">
                Tellbox
              </Link>
            </>
          )}
          <span className="tb-app-user">{user?.name}</span>
        </header>
        <Layout.Content className="tb-app-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      {narrow && (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={260} title="Tellbox">
          <SidebarMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
    </Layout>
  );
}
