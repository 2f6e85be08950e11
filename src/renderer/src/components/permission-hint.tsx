import { LockOutlined } from '@ant-design/icons';
import type { Permission } from '../../../shared/roles';
import { usePermission } from '../lib/workspace/use-permission';
import './permission-hint.css';

/**
 * Where a role leaves out a screen's actions, one quiet line that says so and which role has them
 * ("Triaging feedback needs the member role or higher."), so nobody hunts for a missing button.
 * Nothing at all for a role that has the permission.
 */
export function PermissionHint({ permission, id }: { permission: Permission; id?: string }) {
  const { allowed, reason } = usePermission(permission);
  if (allowed) return null;
  return (
    <p className="tb-permission-hint" id={id}>
      <LockOutlined aria-hidden /> {reason}
    </p>
  );
}
