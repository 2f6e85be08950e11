import {
  AndroidOutlined,
  AppleOutlined,
  ChromeOutlined,
  DesktopOutlined,
  GlobalOutlined,
  LinuxOutlined,
  MobileOutlined,
  TabletOutlined,
  WindowsOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { type DeviceKind, summarizeUserAgent, userAgentLabel } from '../lib/user-agent';

function browserIcon(browser: string): ReactNode {
  return /^(Chrome|Chromium)\b/.test(browser) ? <ChromeOutlined /> : <GlobalOutlined />;
}

function osIcon(os: string): ReactNode {
  if (/^(macOS|iOS|iPadOS)\b/.test(os)) return <AppleOutlined />;
  if (os.startsWith('Windows')) return <WindowsOutlined />;
  if (os.startsWith('Android')) return <AndroidOutlined />;
  if (/^(Linux|Ubuntu|Fedora|Chrome OS)\b/.test(os)) return <LinuxOutlined />;
  return null;
}

const DEVICE_ICONS: Record<DeviceKind, ReactNode> = {
  Desktop: <DesktopOutlined />,
  Mobile: <MobileOutlined />,
  Tablet: <TabletOutlined />,
  TV: <DesktopOutlined />,
};

/**
 * A visitor's browser, system and device in a few words with icons ("Chrome 131 · macOS ·
 * Desktop"), parsed from the user agent they sent; the raw string is the tooltip. Text only: the
 * string came from a visitor.
 */
export function UserAgentSummary({
  userAgent,
  className,
  stacked = false,
}: {
  userAgent: string | null;
  className?: string;
  /** The browser on a line, the system and device under it: for a table column. */
  stacked?: boolean;
}) {
  const summary = summarizeUserAgent(userAgent);
  const label = userAgentLabel(summary);
  const parts = summary
    ? [
        summary.browser && { key: 'browser', icon: browserIcon(summary.browser), text: summary.browser },
        summary.os && { key: 'os', icon: osIcon(summary.os), text: summary.os },
        summary.device && { key: 'device', icon: DEVICE_ICONS[summary.device], text: summary.device },
      ].filter((part) => !!part)
    : [];
  return (
    <span
      className={['tb-ua', stacked && 'tb-ua-stacked', className].filter(Boolean).join(' ')}
      title={userAgent ?? undefined}
    >
      {parts.length === 0
        ? label
        : parts.map((part, index) => (
            <span key={part.key} className="tb-ua-part">
              {index > 0 && (
                <span className="tb-ua-sep" aria-hidden="true">
                  ·
                </span>
              )}
              {/* The icons repeat the words beside them: screen readers skip them. */}
              {part.icon && <span aria-hidden="true">{part.icon}</span>}
              {part.text}
            </span>
          ))}
    </span>
  );
}
