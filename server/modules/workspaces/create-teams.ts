/**
 * Teams, wired: the activity log, invitations, workspaces and their routes, and the route-access
 * middleware every owner route passes through.
 */
import type { Kysely } from 'kysely';
import type { PlanTable } from '../../../src/shared/plans';
import type { Database } from '../../db/schema';
import type { Transactor } from '../../db/transaction';
import type { Logger } from '../../lib/logger';
import type { PasswordHasher } from '../../lib/passwords';
import type { Clock } from '../../lib/time';
import type { Mailer } from '../../mail/mailer';
import { openApiDocument } from '../../openapi/document';
import { createActivityLog, createActivityRecorder } from '../activity/activity.service';
import { startBackgroundLoop } from '../../lib/background-loop';
import { HOUR_MS } from '../../lib/time';
import type { BillingMode } from '../plans/plans.service';
import { createInvitationsService } from './invitations.service';
import { createRouteAccess } from './route-access';
import { createWorkspaceAccessRepo } from './workspace-access.repo';
import { createWorkspacesRepo } from './workspaces.repo';
import { createInvitationPreviewRouter, createWorkspacesRouter } from './workspaces.routes';
import { createWorkspacesService } from './workspaces.service';

export function createTeams(deps: {
  db: Kysely<Database>;
  transact: Transactor;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  plans: PlanTable;
  billingMode: BillingMode;
  passwords: PasswordHasher;
  /** Tells a member's open event streams, on every instance, to check their access now. */
  onAccessChanged: (workspaceId: string, accountId: string) => void;
  beforeWorkspaceDeleted: (workspaceId: string) => Promise<void>;
  onWorkspaceDeleted: (workspaceId: string) => void;
}) {
  const { db, logger } = deps;
  const activity = createActivityLog(deps);
  const document = openApiDocument();
  // Entries older than a year go; every instance may prune, the delete is the same on each.
  const retention = startBackgroundLoop({
    name: 'activity retention',
    everyMs: 6 * HOUR_MS,
    logger,
    work: async () => {
      await activity.prune();
    },
  });
  const invitations = createInvitationsService({ ...deps, activity });
  const workspaces = createWorkspacesService({ ...deps, activity });
  const access = createWorkspaceAccessRepo(db);
  const repo = createWorkspacesRepo(db);
  return {
    activity,
    invitations,
    /** Finds the workspace a request is about, as its asker may use it. */
    findAccess: access.find,
    roleOf: repo.roleOf,
    routeAccess: createRouteAccess({ document, access, rememberChoice: repo.rememberChoice }),
    /** Writes the activity entry of each route that declares one; mount behind `routeAccess`. */
    activityRecorder: createActivityRecorder({ document, activity, logger }),
    /** The invite page's public look at an invitation: mount before `requireAuth`. */
    previewRouter: createInvitationPreviewRouter(invitations),
    router: createWorkspacesRouter({ workspaces, invitations, activity }),
    stop: () => retention.stop(),
  };
}

export type Teams = ReturnType<typeof createTeams>;
