import { Button, Card } from 'antd';
import { useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { aRole } from '../../../utils/role-phrase';
import { useLeaveWorkspace } from '../hooks/use-leave-workspace';

/** For a role that does not see the team: the way out of the workspace all the same. */
export function LeaveWorkspaceCard() {
  const workspace = useCurrentWorkspace();
  const leave = useLeaveWorkspace();
  if (!workspace) return null;
  return (
    <Card title={<h2 className="tb-card-title">Leave workspace</h2>}>
      <p className="tb-muted">
        You are {aRole(workspace.role)} in {workspace.name}. Leaving takes away your access; to come back, you need a
        new invitation.
      </p>
      <Button danger onClick={leave}>
        Leave workspace
      </Button>
    </Card>
  );
}
