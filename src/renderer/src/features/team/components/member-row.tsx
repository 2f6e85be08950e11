import { Button, Tooltip } from 'antd';
import type { Member } from '../../../../../shared/api';
import { ROLE_LABELS, type AssignableRole } from '../../../../../shared/roles';
import { Avatar } from '../../../components/avatar/avatar';
import { useConfirm } from '../../../components/confirm-dialog';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { useSessionStore } from '../../../stores/session-store';
import { useChangeMemberRole } from '../api/change-member-role';
import { useRemoveMember } from '../api/remove-member';
import { useLeaveWorkspace } from '../hooks/use-leave-workspace';
import { memberActions } from '../utils/member-actions';
import { RoleSelect } from './role-select';

/** The server's own words when it refuses, else the fallback: a 409 says why (the last owner). */
const reasonOf = (error: unknown) => (error instanceof ApiError && error.serverMessage) || 'Please try again.';

/**
 * One person in the team: who they are, their role (a select where it may be changed here), and
 * Remove; on the account's own row, Leave workspace.
 */
export function MemberRow({ member, owners }: { member: Member; owners: number }) {
  const toast = useToast();
  const confirm = useConfirm();
  const workspace = useCurrentWorkspace();
  const accountId = useSessionStore((state) => state.user?.id ?? '');
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const leave = useLeaveWorkspace();
  if (!workspace) return null;
  const actions = memberActions({ accountId, role: workspace.role }, member, owners);
  const self = member.accountId === accountId;

  const onRole = (role: AssignableRole) =>
    changeRole.mutate(
      { accountId: member.accountId, role },
      {
        onSuccess: () => toast.success('Role changed', `${member.name} is now ${ROLE_LABELS[role].toLowerCase()}.`),
        onError: (error) => toast.error("Failed to change the member's role", reasonOf(error)),
      },
    );

  const onRemove = () =>
    confirm({
      title: `Remove ${member.name}?`,
      content: `${member.name} loses access to ${workspace.name} at once. Feedback assigned to them becomes unassigned.`,
      okText: 'Remove',
      onOk: async () => {
        try {
          await remove.mutateAsync(member.accountId);
          toast.success('Member removed', `${member.name} is no longer in ${workspace.name}.`);
        } catch (error) {
          toast.error('Failed to remove the member', reasonOf(error));
        }
      },
    });

  return (
    <li className="tb-team-row">
      <Avatar name={member.name} />
      <span className="tb-team-who">
        <span className="tb-team-name">
          {member.name}
          {self ? <StatusTag tone="brand">You</StatusTag> : null}
        </span>
        <span className="tb-team-email">{member.email}</span>
      </span>
      <span className="tb-team-role-cell">
        {actions.changeRole ? (
          <RoleSelect
            size="small"
            value={member.role}
            onChange={onRole}
            loading={changeRole.isPending}
            ariaLabel={`Role of ${member.name}`}
          />
        ) : (
          <span className="tb-team-role-text">{ROLE_LABELS[member.role]}</span>
        )}
      </span>
      <span className="tb-team-actions">
        {actions.remove ? (
          <Button size="small" type="text" danger onClick={onRemove} aria-label={`Remove ${member.name}`}>
            Remove
          </Button>
        ) : null}
        {actions.leave ? (
          <Tooltip title={actions.leaveBlocked}>
            <Button size="small" type="text" danger disabled={actions.leaveBlocked !== null} onClick={leave}>
              Leave workspace
            </Button>
          </Tooltip>
        ) : null}
      </span>
    </li>
  );
}
