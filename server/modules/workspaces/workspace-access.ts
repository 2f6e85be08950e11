import type { Response } from 'express';
import type { Role } from '../../../src/shared/roles';
import type { AuthUser } from '../../lib/auth';
import type { SubscriptionFields } from '../plans/plans.service';

/** The request header that picks the workspace a request is about. */
export const WORKSPACE_HEADER = 'tellbox-workspace';

/**
 * The workspace a request is about, as its asker is allowed in it: which one, their role there,
 * and its stored subscription (the plans module turns that into the plan that applies now).
 * Services scope every query by `id`; `account` is who acts (an author, an assignee, an alert's
 * recipient, the activity log's actor).
 */
export interface WorkspaceAccess extends SubscriptionFields {
  id: string;
  name: string;
  role: Role;
  account: Pick<AuthUser, 'id' | 'name' | 'email'>;
}

/** The workspace that route-access.ts resolved; only call it on a route that needs one. */
export function currentWorkspace(res: Response): WorkspaceAccess {
  const workspace = res.locals.workspace as WorkspaceAccess | undefined;
  if (!workspace) throw new Error('currentWorkspace() on a route whose permission needs no workspace');
  return workspace;
}
