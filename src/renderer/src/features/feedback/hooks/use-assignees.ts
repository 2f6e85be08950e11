import type { Member } from '../../../../../shared/api';
import { can } from '../../../../../shared/roles';
import { useMembers } from '../../../lib/owner-data/use-members';
import { useSessionStore } from '../../../stores/session-store';

export interface Assignees {
  /** Whom an entry can be assigned to: members who may triage (viewers may not be assigned). */
  options: Member[];
  /** The signed-in member's account id: their own entries say "you". */
  selfId: string | null;
  /** The name behind an assignee id; null while unknown (or for a role that may not read the team). */
  nameOf: (accountId: string) => string | null;
  loading: boolean;
}

/**
 * The team as the inbox needs it: who can be assigned, and the names behind `assigneeId`. A role
 * that may not read the team (a viewer) gets no names but its own.
 */
export function useAssignees(): Assignees {
  const team = useMembers();
  const self = useSessionStore((state) => state.user);
  const members = team.data?.members ?? [];
  return {
    options: members.filter((member) => can(member.role, 'feedback.triage')),
    selfId: self?.id ?? null,
    nameOf: (accountId) =>
      members.find((member) => member.accountId === accountId)?.name ?? (accountId === self?.id ? self.name : null),
    loading: team.isPending && team.fetchStatus !== 'idle',
  };
}

/** What naming an assignee takes: the names, and who "you" is. */
export type AssigneeNames = Pick<Assignees, 'selfId' | 'nameOf'>;

/** How an assignee is named in a sentence: "you" for the signed-in member, else by name. */
export function assigneeLabel(assignees: AssigneeNames, accountId: string): string | null {
  return accountId === assignees.selfId ? 'you' : assignees.nameOf(accountId);
}
