/**
 * The authenticated layout (docs/product.md §2): the sidebar with the workspace switcher, every owner
 * screen the role may open and Logout, and the page beside it. The sidebar collapses to its icons (by the owner, and by itself below antd's
 * `lg`, leaving the lists their room); below `md` it becomes a drawer behind a menu button, so
 * every screen fits 375 px.
 */
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout } from 'antd';
import { useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useLiveOwnerEvents } from '../../lib/live-events';
import { useSessionStore } from '../../stores/session-store';
import { BrandMark } from '../brand-mark';
import { PaletteTrigger } from '../command-palette/palette-trigger';
import { ColorSchemeSwitch } from './color-scheme-switch';
import { SidebarMenu } from './sidebar-menu';
import { WorkspaceSwitcher } from './workspace-switcher';
import './dashboard-layout.css';
import './owner-screens.css';

const SIDER_WIDTH = 232;
const SIDER_COLLAPSED_WIDTH = 72;

export function DashboardLayout() {
  const user = useSessionStore((state) => state.user);
  useLiveOwnerEvents();
  const screens = Grid.useBreakpoint();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The owner's own choice wins over the width's until the next reload.
  const [collapsedByOwner, setCollapsedByOwner] = useState<boolean | undefined>(undefined);
  // Before the first measurement the breakpoints are undefined: assume a wide screen, as antd's own Sider does.
  const narrow = screens.md === false;
  const collapsed = collapsedByOwner ?? screens.lg === false;

  return (
    <Layout className="tb-app">
      {!narrow && (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          className="tb-app-sider"
        >
          <Link to={paths.dashboard} className="tb-brand tb-app-brand" aria-label="Tellbox dashboard">
            <BrandMark showName={!collapsed} />
          </Link>
          <WorkspaceSwitcher collapsed={collapsed} />
          <SidebarMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <header className="tb-app-header">
          {narrow ? (
            <>
              <Button aria-label="Open menu" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} />
              <Link to={paths.dashboard} className="tb-brand" aria-label="Tellbox dashboard">
                <BrandMark />
              </Link>
            </>
          ) : (
            <Button
              type="text"
              aria-label={collapsed ? 'Expand the sidebar' : 'Collapse the sidebar'}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsedByOwner(!collapsed)}
            />
          )}
          <PaletteTrigger />
          {/* On a phone the name and the theme switch live in the drawer, leaving the bar its brand. */}
          {!narrow && (
            <>
              <span className="tb-app-user">{user?.name}</span>
              <ColorSchemeSwitch />
            </>
          )}
        </header>
        <Layout.Content className="tb-app-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      {narrow && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={260}
          title={<BrandMark />}
        >
          <p className="tb-app-user tb-drawer-user">{user?.name}</p>
          <WorkspaceSwitcher onNavigate={() => setDrawerOpen(false)} />
          <SidebarMenu onNavigate={() => setDrawerOpen(false)} />
          <div className="tb-drawer-theme">
            <ColorSchemeSwitch />
          </div>
        </Drawer>
      )}
    </Layout>
  );
}
