import { Button } from 'antd';
import { DangerAction } from '../../../components/settings/danger-action';
import { useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { aRole } from '../../../utils/role-phrase';
import { useLeaveWorkspace } from '../hooks/use-leave-workspace';

/** For a role that does not see the team: the way out of the workspace all the same, in the Danger zone. */
export function LeaveWorkspaceCard() {
  const workspace = useCurrentWorkspace();
  const leave = useLeaveWorkspace();
  if (!workspace) return null;
  return (
    <DangerAction
      title="Leave workspace"
      description={`You are ${aRole(workspace.role)} in ${workspace.name}. Leaving takes away your access; to come back, you need a new invitation.`}
      action={
        <Button danger onClick={leave}>
          Leave workspace
        </Button>
      }
    />
  );
}
