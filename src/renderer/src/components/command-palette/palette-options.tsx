import {
  ApiOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  DownloadOutlined,
  HistoryOutlined,
  MessageOutlined,
  NotificationOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { PaletteCommand } from './palette-commands';

/** The sidebar's icon for each screen, and one for each action. */
const ICONS: Record<string, ReactNode> = {
  'new-widget': <PlusOutlined />,
  'new-post': <PlusOutlined />,
  'export-feedback': <DownloadOutlined />,
  'go-dashboard': <DashboardOutlined />,
  'go-widgets': <AppstoreOutlined />,
  'go-feedback': <MessageOutlined />,
  'go-news': <NotificationOutlined />,
  'go-webhooks': <ApiOutlined />,
  'go-activity': <HistoryOutlined />,
  'go-settings': <SettingOutlined />,
  'go-team': <TeamOutlined />,
  'go-support': <QuestionCircleOutlined />,
};

const GROUP_ICONS: Record<PaletteCommand['group'], ReactNode> = {
  Actions: <PlusOutlined />,
  'Go to': <DashboardOutlined />,
  Widgets: <AppstoreOutlined />,
  'Recent feedback': <MessageOutlined />,
};

interface PaletteOptionsProps {
  id: string;
  commands: PaletteCommand[];
  /** The index of the active option (the one Enter runs). */
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onRun: (command: PaletteCommand) => void;
}

/** The palette's listbox: its options by group, each group headed by its name. */
export function PaletteOptions({ id, commands, active, optionId, onHover, onRun }: PaletteOptionsProps) {
  const groups = [...new Set(commands.map((command) => command.group))];
  return (
    <div id={id} role="listbox" aria-label="Results" className="tb-palette-list">
      {groups.map((group) => {
        const headingId = `${id}-${group.replace(/\s+/g, '-').toLowerCase()}`;
        return (
          <div key={group} role="group" aria-labelledby={headingId} className="tb-palette-group">
            <div id={headingId} role="presentation" className="tb-palette-group-name">
              {group}
            </div>
            {commands.map((command, index) =>
              command.group === group ? (
                <div
                  key={command.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className="tb-palette-option"
                  // The field keeps the focus: a click picks, it does not move the focus.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== active && onHover(index)}
                  onClick={() => onRun(command)}
                >
                  <span className="tb-palette-option-icon" aria-hidden="true">
                    {ICONS[command.id] ?? GROUP_ICONS[command.group]}
                  </span>
                  <span className="tb-palette-option-text">
                    <span className="tb-palette-label">{command.label}</span>
                    {command.detail && <span className="tb-palette-detail">{command.detail}</span>}
                  </span>
                </div>
              ) : null,
            )}
          </div>
        );
      })}
    </div>
  );
}
