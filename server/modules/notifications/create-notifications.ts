/**
 * E-mail alerts for new feedback, put together for app.ts: the settings API, the unsubscribe
 * page, the feedback writer's hook that queues instant alerts, and the background loop that sends
 * alerts and digests.
 */
import type { Kysely, Transaction } from 'kysely';
import type { PlanTable } from '../../../src/shared/plans';
import type { Database, FeedbackRow } from '../../db/schema';
import { createTransactor } from '../../db/transaction';
import { startBackgroundLoop } from '../../lib/background-loop';
import type { Logger } from '../../lib/logger';
import type { Clock } from '../../lib/time';
import type { Mailer } from '../../mail/mailer';
import type { BillingMode } from '../plans/plans.service';
import { queueAlertWindows } from './alert-windows.repo';
import { createDailyDigests } from './daily-digests';
import { createInstantAlerts } from './instant-alerts';
import { createNotificationSettingsRepo } from './notification-settings.repo';
import { createNotificationsRouter } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { createUnsubscribeRouter } from './unsubscribe.routes';
import type { Signer } from './unsubscribe-token';

/** How often alerts and digests are looked for when nothing says otherwise. */
export const DEFAULT_ALERTS_EVERY_MS = 5_000;

export interface NotificationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  plans: PlanTable;
  billingMode: BillingMode;
  publicUrl: string;
  /** Signs unsubscribe links (HMAC with the server's key). */
  signer: Signer;
  everyMs?: number;
}

export function createNotifications(deps: NotificationsDeps) {
  const { db, clock } = deps;
  const transact = createTransactor(db);
  const service = createNotificationsService({
    repo: createNotificationSettingsRepo(db),
    clock,
    isMember: async ({ workspaceId, accountId }) =>
      (await db
        .selectFrom('workspace_members')
        .select('account_id')
        .where('workspace_id', '=', workspaceId)
        .where('account_id', '=', accountId)
        .executeTakeFirst()) !== undefined,
  });
  const instant = createInstantAlerts({ ...deps, transact });
  const digests = createDailyDigests({ ...deps, transact });
  const loop = startBackgroundLoop({
    name: 'e-mail alerts',
    everyMs: deps.everyMs ?? DEFAULT_ALERTS_EVERY_MS,
    logger: deps.logger,
    work: async () => {
      await instant.run();
      await digests.run();
    },
  });
  // The feedback writer's AfterFeedbackInsert hook: runs in each batch's transaction.
  const afterFeedbackInsert = (trx: Transaction<Database>, rows: readonly FeedbackRow[]) =>
    queueAlertWindows(trx, rows, clock.now().toISOString());

  return {
    /** `GET/PUT /api/notifications`, behind `requireAuth`. */
    router: createNotificationsRouter(service),
    /** The unsubscribe page and its one-click POST: no login, ahead of the JSON body parser. */
    unsubscribeRouter: createUnsubscribeRouter(service, deps.signer),
    afterFeedbackInsert,
    /** Sends every alert and digest due now, without waiting for the next tick (tests wait on it). */
    runNow: () => loop.runNow(),
    /** Stops the loop; resolves once a run under way has ended. */
    stop: () => loop.stop(),
  };
}
