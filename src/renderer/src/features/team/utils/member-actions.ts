import type { Member } from '../../../../../shared/api';
import { can, type Role } from '../../../../../shared/roles';

/** Why the last owner cannot leave: a workspace always has an owner (the server answers 409). */
export const LAST_OWNER_CANNOT_LEAVE =
  'You are the only owner. Transfer ownership to another member before you leave, or delete the workspace.';

export interface MemberActions {
  /** The role can be changed here. */
  changeRole: boolean;
  /** The member can be removed here. */
  remove: boolean;
  /** This row is the account's own: it may leave (unless `leaveBlocked` says why not). */
  leave: boolean;
  leaveBlocked: string | null;
}

/**
 * What the signed-in account (`me`, with its role) may do to `member`, as the server decides it:
 * managing the team needs an admin; changing or removing an owner needs an owner; anyone may leave
 * but the last owner. `owners` is how many owners the workspace has.
 */
export function memberActions(me: { accountId: string; role: Role }, member: Member, owners: number): MemberActions {
  if (member.accountId === me.accountId) {
    const lastOwner = member.role === 'owner' && owners <= 1;
    return { changeRole: false, remove: false, leave: true, leaveBlocked: lastOwner ? LAST_OWNER_CANNOT_LEAVE : null };
  }
  const manage = can(me.role, 'team.manage') && (member.role !== 'owner' || can(me.role, 'owners.manage'));
  return { changeRole: manage, remove: manage, leave: false, leaveBlocked: null };
}
