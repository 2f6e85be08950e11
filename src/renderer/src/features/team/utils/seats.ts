import type { MembersResponse } from '../../../../../shared/api';
import { isBelowLimit } from '../../../../../shared/plans';

export interface Seats {
  /** Members and open invitations: an invitation holds its seat until it is answered. */
  taken: number;
  /** The plan's members, owners included; null: unlimited. */
  max: number | null;
  /** No seat left for another invitation. */
  full: boolean;
}

export function seatsOf(team: MembersResponse, max: number | null): Seats {
  const taken = team.members.length + team.invitations.length;
  return { taken, max, full: !isBelowLimit(max, taken) };
}

const members = (count: number) => (count === 1 ? 'member' : 'members');

/** "3 of 10 members"; "12 members" on a plan without a limit. */
export function seatsText({ taken, max }: Seats): string {
  return max === null ? `${taken} ${members(taken)}` : `${taken} of ${max} ${members(max)}`;
}

/** How many of the seats are open invitations ("1 invited"), which the list shows after the members. */
export function seatsNote(team: MembersResponse): string | null {
  const open = team.invitations.length;
  return open === 0 ? null : `${open} invited`;
}
