import { LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Permission } from '../../../shared/roles';
import { paths } from '../config/paths';
import { useCurrentWorkspace, usePermission } from '../lib/workspace/use-permission';
import { aRole } from '../utils/role-phrase';
import './require-permission.css';

/**
 * A screen that needs `permission` in the workspace on screen: the screen itself, or its title
 * and why the role in hand does not open it (a link from elsewhere, or a role changed meanwhile)
 * instead of a screen of failed loads.
 */
export function RequirePermission({
  permission,
  title,
  children,
}: {
  permission: Permission;
  title: string;
  children: ReactNode;
}) {
  const { allowed, reason } = usePermission(permission);
  const workspace = useCurrentWorkspace();
  if (allowed) return <>{children}</>;
  return (
    <>
      <div className="tb-page-header">
        <h1>{title}</h1>
      </div>
      <div className="tb-refused" role="status">
        <LockOutlined className="tb-refused-icon" aria-hidden />
        <p className="tb-refused-reason">{reason}</p>
        {workspace && (
          <p className="tb-muted">
            You are {aRole(workspace.role)} in {workspace.name}. An owner or admin can change your role.
          </p>
        )}
        <Link to={paths.dashboard}>Back to the dashboard</Link>
      </div>
    </>
  );
}
