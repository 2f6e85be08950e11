import { LoadError } from '../../../components/load-error';
import { PermissionHint } from '../../../components/permission-hint';
import { DangerZone } from '../../../components/settings/danger-zone';
import { SettingsSection } from '../../../components/settings/settings-section';
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
 * removing and leaving, and (for owners) handing the workspace over, and deleting it in the Danger
 * zone at the foot. A viewer, who may not read the team, sees the workspace, their role, why the
 * team is not shown, and the way out (in the Danger zone).
 */
export function TeamPage() {
  const readsTeam = useCan('members.read');
  const ownsIt = useCan('owners.manage');
  const deletes = useCan('workspace.delete');
  const team = useMembers();

  // What cannot be undone comes last, set apart: deleting the workspace (owners), or leaving it
  // (a viewer, who has no member list to leave from).
  const danger = deletes || !readsTeam;
  return (
    <div className="tb-team">
      <SettingsSection
        section="team"
        dangerZone={
          danger ? (
            <DangerZone>
              {!readsTeam ? <LeaveWorkspaceCard /> : null}
              {deletes ? <DeleteWorkspaceCard /> : null}
            </DangerZone>
          ) : null
        }
      >
        <WorkspaceCard />
        {!readsTeam ? (
          <PermissionHint permission="members.read" />
        ) : team.isError ? (
          <LoadError message={LOAD_FAILED} onRetry={() => void team.refetch()} />
        ) : (
          <>
            <MembersCard team={team.data} />
            {ownsIt && team.data ? <TransferOwnershipCard team={team.data} /> : null}
          </>
        )}
      </SettingsSection>
    </div>
  );
}
