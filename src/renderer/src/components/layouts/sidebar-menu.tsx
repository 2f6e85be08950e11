/**
 * The console's navigation (docs/product.md §2): every owner screen with an icon, then Logout. The same menu
 * fills the sidebar (collapsible to its icons) and, on phones, the drawer.
 */
import {
  ApiOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  LogoutOutlined,
  MessageOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { logOut } from '../../lib/session';
import { useToast } from '../../lib/use-toast';

const NAV_ITEMS = [
  { path: paths.dashboard, label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: paths.widgets, label: 'My Widgets', icon: <AppstoreOutlined /> },
  { path: paths.feedback, label: 'Feedback', icon: <MessageOutlined /> },
  { path: paths.news, label: 'News Posts', icon: <NotificationOutlined /> },
  { path: paths.webhooks, label: 'Webhooks', icon: <ApiOutlined /> },
  { path: paths.settings, label: 'Account Settings', icon: <SettingOutlined /> },
  { path: paths.support, label: 'Support', icon: <QuestionCircleOutlined /> },
] as const;

const LOGOUT_KEY = 'logout';

export function SidebarMenu({ onNavigate, collapsed }: { onNavigate?: () => void; collapsed?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();

  const items: MenuProps['items'] = [
    ...NAV_ITEMS.map((item) => ({
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

  const selected = NAV_ITEMS.find((item) => location.pathname.startsWith(item.path))?.path;
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
