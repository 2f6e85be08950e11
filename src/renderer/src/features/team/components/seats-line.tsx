import { Link } from 'react-router-dom';
import type { MembersResponse } from '../../../../../shared/api';
import { suggestedPlanFor } from '../../../../../shared/plans';
import { checkoutHref } from '../../../config/paths';
import { usePlans } from '../../../lib/use-plans';
import { useCan } from '../../../lib/workspace/use-permission';
import { useSessionStore } from '../../../stores/session-store';
import { seatsNote, seatsOf, seatsText, type Seats } from '../utils/seats';

/** The seats of the workspace's plan (each workspace has its own), once the team is known. */
export function useSeats(team: MembersResponse | undefined): Seats | null {
  const tier = useSessionStore((state) => state.subscription.subscription_tier);
  const plans = usePlans();
  return team ? seatsOf(team, plans[tier].limits.maxMembers) : null;
}

/** "3 of 10 members · 1 invited": open invitations hold a seat, as the server counts them. */
export function SeatsLine({ team, seats }: { team: MembersResponse; seats: Seats }) {
  const note = seatsNote(team);
  return (
    <span className="tb-team-seats">
      {seatsText(seats)}
      {note ? <span className="tb-muted"> · {note}</span> : null}
    </span>
  );
}

/**
 * At the plan's limit: why no one more can be invited, and the way on: an owner upgrades (when a
 * plan has more room), anyone else asks an owner, and a seat can always be freed.
 */
export function SeatsFullNote({ seats }: { seats: Seats }) {
  const tier = useSessionStore((state) => state.subscription.subscription_tier);
  const plans = usePlans();
  const billing = useCan('billing.manage');
  const upgrade = suggestedPlanFor(plans, tier, (limits) => limits.maxMembers);
  const free = 'withdraw an invitation or remove a member to make room.';
  return (
    <p className="tb-team-full" role="status">
      Your {plans[tier].name} plan has room for {seats.max} members, open invitations included.{' '}
      {upgrade && billing ? (
        <>
          <Link to={checkoutHref(upgrade)}>Upgrade to {plans[upgrade].name}</Link> for more, or {free}
        </>
      ) : upgrade ? (
        `Ask an owner to upgrade to ${plans[upgrade].name}, or ${free}`
      ) : (
        `To invite someone, ${free}`
      )}
    </p>
  );
}
