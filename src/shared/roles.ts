/**
 * The roles of a workspace's members and what each may do: the one permission table. The server
 * checks it on every owner route (each route names its permission in the OpenAPI contract), and
 * the console reads it to hide or disable what a role cannot do, saying why.
 *
 * The roles are ranked: each may do everything the one below it may.
 */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an invitation or a role change may give; ownership moves only by a transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'viewer'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including the plan and billing, roles, transfer and deleting the workspace.',
  admin: 'Everything but billing, changing owners and deleting the workspace.',
  member: 'Reads everything, triages feedback and writes news posts.',
  viewer: 'Reads the inbox, the dashboard and news.',
};

interface PermissionRule {
  /** The lowest role allowed. */
  least: Role;
  /** What it allows, as the start of a sentence: "<what> needs the <role> role." */
  what: string;
}

/**
 * Every permission an owner route or a console action can need. `account` is for what belongs
 * to the signed-in person rather than to a workspace (their profile, their workspaces list).
 */
export const PERMISSIONS = {
  account: { least: 'viewer', what: 'Your own account' },
  'inbox.read': { least: 'viewer', what: 'Reading the inbox' },
  'dashboard.read': { least: 'viewer', what: 'Reading the dashboard' },
  'news.read': { least: 'viewer', what: 'Reading news' },
  'plan.read': { least: 'viewer', what: "Reading the workspace's plan" },
  'alerts.own': { least: 'viewer', what: 'Choosing your own alerts' },
  'widgets.read': { least: 'member', what: 'Reading widget settings' },
  'webhooks.read': { least: 'member', what: 'Reading webhooks' },
  'members.read': { least: 'member', what: 'Reading the team' },
  'feedback.triage': { least: 'member', what: 'Triaging feedback' },
  'news.write': { least: 'member', what: 'Writing news posts' },
  'widgets.write': { least: 'admin', what: 'Changing widgets' },
  'webhooks.write': { least: 'admin', what: 'Changing webhooks' },
  'team.manage': { least: 'admin', what: 'Managing the team' },
  'workspace.rename': { least: 'admin', what: 'Renaming the workspace' },
  'activity.read': { least: 'admin', what: 'Reading the activity log' },
  'server.read': { least: 'admin', what: "Reading the server's mail settings" },
  'billing.manage': { least: 'owner', what: 'Changing the plan and billing' },
  'owners.manage': { least: 'owner', what: 'Changing owners' },
  'workspace.delete': { least: 'owner', what: 'Deleting the workspace' },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

const RANK: Record<Role, number> = { owner: 3, admin: 2, member: 1, viewer: 0 };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

/** Whether `role` may do what `permission` allows. */
export function can(role: Role, permission: Permission): boolean {
  return RANK[role] >= RANK[PERMISSIONS[permission].least];
}

/** Whether `role` is at least `other` (an admin may not change an owner, say). */
export function outranksOrEquals(role: Role, other: Role): boolean {
  return RANK[role] >= RANK[other];
}

/** The 403 message and the console's hint: it names the role needed. */
export function refusal(permission: Permission): string {
  const { least, what } = PERMISSIONS[permission];
  return least === 'owner'
    ? `${what} needs the owner role.`
    : `${what} needs the ${ROLE_LABELS[least].toLowerCase()} role or higher.`;
}
