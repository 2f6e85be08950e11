import { LoadError } from '../../../components/load-error';
import { PermissionHint } from '../../../components/permission-hint';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useMembers } from '../../../lib/owner-data/use-members';
import { useCan } from '../../../lib/workspace/use-permission';
import { DeleteWorkspaceCard } from './delete-workspace-card';
import { LeaveWorkspaceCard } from './leave-workspace-card';
import { MembersCard } from './members-card';
import { TransferOwnershipCard } from './transfer-ownership-card';
import { WorkspaceCard } from './workspace-card';
import './team-page.css';

const LOAD_FAILED = 'Failed to load the team. Please try again.';

/**
 * Settings › Team: the workspace on screen, its members and open invitations, inviting, roles,
 * removing and leaving, and (for owners) handing the workspace over or deleting it. A viewer, who may not read the
 * team, sees the workspace, their role and the way out.
 */
export function TeamPage() {
  const readsTeam = useCan('members.read');
  const ownsIt = useCan('owners.manage');
  const deletes = useCan('workspace.delete');
  const team = useMembers();

  return (
    <>
      <div className="tb-page-header">
        <h1>Team</h1>
      </div>
      <SettingsTabs />
      <div className="tb-team">
        <WorkspaceCard />
        {!readsTeam ? (
          <>
            <PermissionHint permission="members.read" />
            <LeaveWorkspaceCard />
          </>
        ) : team.isError ? (
          <LoadError message={LOAD_FAILED} onRetry={() => void team.refetch()} />
        ) : (
          <>
            <MembersCard team={team.data} />
            {ownsIt && team.data ? <TransferOwnershipCard team={team.data} /> : null}
          </>
        )}
        {deletes ? <DeleteWorkspaceCard /> : null}
      </div>
    </>
  );
}
