/**
 * The console sidebar's icons, as the console draws them (antd's SVG set), through the public
 * pages' SvgIcon: the landing page carries no antd.
 */
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import NotificationOutlined from '@ant-design/icons-svg/es/asn/NotificationOutlined';
import { SvgIcon } from '../../components/svg-icon';

const ICONS = {
  dashboard: DashboardOutlined,
  widgets: AppstoreOutlined,
  feedback: MessageOutlined,
  news: NotificationOutlined,
} as const;

export type DemoIconName = keyof typeof ICONS;

/** One icon, decorative: the text beside it names what it stands for. */
export function DemoIcon({ name }: { name: DemoIconName }) {
  return <SvgIcon icon={ICONS[name]} />;
}
