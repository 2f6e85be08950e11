/**
 * The console's navigation (docs/product.md §2): every owner screen with an icon, then Logout. The same menu
 * fills the sidebar (collapsible to its icons) and, on phones, the drawer. A screen the role in the
 * workspace cannot read is left out (the screen itself says why, if reached by a link).
 */
import {
  ApiOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  HistoryOutlined,
  LogoutOutlined,
  MessageOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { can, type Permission } from '../../../../shared/roles';
import { paths } from '../../config/paths';
import { logOut } from '../../lib/session';
import { useToast } from '../../lib/use-toast';
import { useRole } from '../../lib/workspace/use-permission';

interface NavItem {
  path: string;
  label: string;
  icon: ReactNode;
  /** What the screen needs to be read; none: every role. */
  needs?: Permission;
}

const NAV_ITEMS: readonly NavItem[] = [
  { path: paths.dashboard, label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: paths.widgets, label: 'My Widgets', icon: <AppstoreOutlined />, needs: 'widgets.read' },
  { path: paths.feedback, label: 'Feedback', icon: <MessageOutlined /> },
  { path: paths.news, label: 'News Posts', icon: <NotificationOutlined /> },
  { path: paths.webhooks, label: 'Webhooks', icon: <ApiOutlined />, needs: 'webhooks.read' },
  { path: paths.activity, label: 'Activity', icon: <HistoryOutlined />, needs: 'activity.read' },
  { path: paths.settings, label: 'Settings', icon: <SettingOutlined /> },
  { path: paths.support, label: 'Support', icon: <QuestionCircleOutlined /> },
];

const LOGOUT_KEY = 'logout';

export function SidebarMenu({ onNavigate, collapsed }: { onNavigate?: () => void; collapsed?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const role = useRole();
  const shown = NAV_ITEMS.filter((item) => !item.needs || can(role, item.needs));

  const items: MenuProps['items'] = [
    ...shown.map((item) => ({
      key: item.path,
      icon: item.icon,
      label: (
        <Link to={item.path} onClick={onNavigate}>
          {item.label}
        </Link>
      ),
    })),
    { type: 'divider' as const },
    { key: LOGOUT_KEY, icon: <LogoutOutlined />, label: 'Logout' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== LOGOUT_KEY) return;
    onNavigate?.();
    logOut();
    toast.success('Logged out', 'You have been logged out successfully.');
    void navigate(paths.login);
  };

  const selected = shown.find((item) => location.pathname.startsWith(item.path))?.path;
  return (
    <nav aria-label="Dashboard">
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={onClick}
        className="tb-app-menu"
      />
    </nav>
  );
}
