import { Card, Skeleton } from 'antd';
import type { MembersResponse } from '../../../../../shared/api';
import { PermissionHint } from '../../../components/permission-hint';
import { useCan } from '../../../lib/workspace/use-permission';
import { InvitationRow } from './invitation-row';
import { InviteForm } from './invite-form';
import { MemberRow } from './member-row';
import { seatsText } from '../utils/seats';
import { SeatsLine, useSeats } from './seats-line';

/**
 * The team: the plan's seats, the invite form (for those who manage the team), then everyone in
 * the workspace, owners first, and the invitations not yet answered. Open invitations are listed
 * only to those who manage the team, so anyone else sees a head count rather than seats that
 * would leave them out.
 */
export function MembersCard({ team }: { team: MembersResponse | undefined }) {
  const manages = useCan('team.manage');
  const seats = useSeats(team);
  const owners = team?.members.filter((member) => member.role === 'owner').length ?? 0;
  return (
    <Card
      title={<h2 className="tb-card-title">Members</h2>}
      extra={
        !team || !seats ? null : manages ? (
          <SeatsLine team={team} seats={seats} />
        ) : (
          <span className="tb-team-seats">{seatsText({ ...seats, max: null })}</span>
        )
      }
      className="tb-team-members"
    >
      {manages && team && seats ? <InviteForm seats={seats} /> : <PermissionHint permission="team.manage" />}
      {!team ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : (
        <ul className="tb-team-list" aria-label="Members">
          {team.members.map((member) => (
            <MemberRow key={member.accountId} member={member} owners={owners} />
          ))}
          {team.invitations.map((invitation) => (
            <InvitationRow key={invitation._id} invitation={invitation} />
          ))}
        </ul>
      )}
    </Card>
  );
}
