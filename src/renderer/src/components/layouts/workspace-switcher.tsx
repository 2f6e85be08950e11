import { CheckOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Dropdown, Tooltip, type MenuProps } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { ROLE_LABELS } from '../../../../shared/roles';
import { useWorkspaces } from '../../lib/workspace/get-workspaces';
import { useCurrentWorkspace } from '../../lib/workspace/use-permission';
import { useSwitchWorkspace } from '../../lib/workspace/use-switch-workspace';
import { Avatar } from '../avatar/avatar';
import './workspace-switcher.css';

const CREATE_KEY = 'create-workspace';

// Loaded when first opened: its form brings zod and react-hook-form, which every owner screen
// would otherwise load with the sidebar (the dashboard's JavaScript budget).
const CreateWorkspaceDialog = lazy(() =>
  import('../workspace/create-workspace-dialog').then((module) => ({ default: module.CreateWorkspaceDialog })),
);

/**
 * The sidebar's workspace switcher: the workspace on screen and the account's role in it; its menu
 * lists every workspace with the role there, and Create workspace. Collapsed to the icons, only
 * the workspace's initials show, its name in the tooltip.
 */
export function WorkspaceSwitcher({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const current = useCurrentWorkspace();
  const workspaces = useWorkspaces().data ?? [];
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  // The tooltip (collapsed only) steps aside while the menu it names is open.
  const [menuOpen, setMenuOpen] = useState(false);
  if (!current) return null;

  const items: MenuProps['items'] = [
    {
      type: 'group',
      label: 'Workspaces',
      children: workspaces.map((workspace) => ({
        key: workspace._id,
        icon: <Avatar name={workspace.name} shape="square" size="small" />,
        label: (
          <span className="tb-switcher-option">
            <span className="tb-switcher-option-name">{workspace.name}</span>
            <span className="tb-switcher-option-role">{ROLE_LABELS[workspace.role]}</span>
            {workspace._id === current._id ? (
              <CheckOutlined className="tb-switcher-check" aria-label="Current workspace" />
            ) : null}
          </span>
        ),
      })),
    },
    { type: 'divider' },
    { key: CREATE_KEY, icon: <PlusOutlined />, label: 'Create workspace' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === CREATE_KEY) {
      setCreating(true);
      return;
    }
    if (key === current._id) return;
    onNavigate?.();
    switchTo(key);
  };

  const role = ROLE_LABELS[current.role];
  // Named by what it shows ("Workspace: Acme, Owner"), so a spoken command finds it by its words.
  const trigger = (
    <button type="button" className={collapsed ? 'tb-switcher tb-switcher-collapsed' : 'tb-switcher'}>
      <Avatar name={current.name} shape="square" />
      <span className={collapsed ? 'tb-visually-hidden' : 'tb-switcher-text'}>
        <span className="tb-visually-hidden">Workspace: </span>
        <span className="tb-switcher-name">
          {current.name}
          <span className="tb-visually-hidden">,</span>
        </span>
        <span className="tb-switcher-role">{role}</span>
      </span>
      {!collapsed && <DownOutlined className="tb-switcher-caret" aria-hidden />}
    </button>
  );

  return (
    <>
      <Dropdown
        // The tick marks the workspace on screen; antd's selected fill would only repeat it, louder.
        menu={{ items, onClick, className: 'tb-switcher-menu' }}
        trigger={['click']}
        placement={collapsed ? 'bottomLeft' : 'bottom'}
        onOpenChange={setMenuOpen}
      >
        {collapsed ? (
          <Tooltip title={`${current.name} (${role})`} placement="right" open={menuOpen ? false : undefined}>
            {trigger}
          </Tooltip>
        ) : (
          trigger
        )}
      </Dropdown>
      {creating && (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(workspace) => {
              setCreating(false);
              onNavigate?.();
              switchTo(workspace._id);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
