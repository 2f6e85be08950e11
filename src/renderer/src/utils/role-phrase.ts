import { ROLE_LABELS, type Role } from '../../../shared/roles';

/** A role as a sentence says it: "an owner", "an admin", "a member", "a viewer". */
export function aRole(role: Role): string {
  const label = ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}
