/**
 * Webhooks put together for app.ts: the `/api/webhooks` routes, the hooks that queue deliveries in
 * the transactions that store feedback and publish posts, and the background loop that sends them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { PlanTable } from '../../../src/shared/plans';
import type { Database, FeedbackRow, PostRow } from '../../db/schema';
import { startBackgroundLoop } from '../../lib/background-loop';
import type { Logger } from '../../lib/logger';
import type { OutboundRequest, OutboundResult } from '../../lib/outbound';
import type { RateLimiterFactory } from '../../lib/rate-limit';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../lib/time';
import { sendInBackground, type Mailer } from '../../mail/mailer';
import { webhookDisabledMail } from '../../mail/templates/webhook-mails';
import type { BillingMode } from '../plans/plans.service';
import { createDeliveryWorker } from './delivery-worker';
import { createEndpointHealth } from './endpoint-health';
import { createWebhookEnqueue } from './webhook-enqueue';
import { createWebhooksRepo } from './webhooks.repo';
import { createWebhooksRouter } from './webhooks.routes';
import { createWebhooksService } from './webhooks.service';

/** How often due deliveries (retries) are looked for when nothing says otherwise. */
export const DEFAULT_DELIVERIES_EVERY_MS = 1_000;
/** Claims one run may make back to back while they keep finding work, before the next tick. */
const MAX_ROUNDS_PER_RUN = 20;

export interface WebhooksDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  plans: PlanTable;
  billingMode: BillingMode;
  publicUrl: string;
  secretBox: SecretBox;
  /** WEBHOOKS_ALLOW_PRIVATE: endpoints may be on loopback and private networks. */
  allowPrivate: boolean;
  everyMs?: number;
  /** The HTTP client; tests keep the real one. */
  send?: (request: OutboundRequest) => Promise<OutboundResult>;
}

export function createWebhooks(deps: WebhooksDeps) {
  const { db, logger } = deps;
  const repo = createWebhooksRepo(db);
  const enqueue = createWebhookEnqueue({ ...deps, repo });
  const worker = createDeliveryWorker({
    ...deps,
    repo,
    health: createEndpointHealth(db),
    onEndpointDisabled: async (endpoint) => {
      const owner = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', endpoint.workspaceId)
        .executeTakeFirst();
      if (!owner) return;
      sendInBackground(deps.mailer, logger, {
        to: owner.email,
        ...webhookDisabledMail(endpoint.url, `${deps.publicUrl}/webhooks`),
      });
    },
    // A send ended: there is room to claim more of what is due.
    onSettled: () => loop.wake(),
  });
  const loop = startBackgroundLoop({
    name: 'webhook deliveries',
    everyMs: deps.everyMs ?? DEFAULT_DELIVERIES_EVERY_MS,
    logger,
    work: async () => {
      for (let round = 0; round < MAX_ROUNDS_PER_RUN; round++) {
        if ((await worker.runOnce()) === 0) return;
      }
    },
  });
  // Set when a transaction queued deliveries; the wake comes once it has committed, as a
  // delivery queued on PostgreSQL is invisible to the worker's connection until then.
  let queuedSinceWake = false;
  const wakeIfQueued = () => {
    if (!queuedSinceWake) return;
    queuedSinceWake = false;
    loop.wake();
  };
  const service = createWebhooksService({
    ...deps,
    repo,
    ownedWidgetIds: async (workspaceId, widgetIds) => {
      // PostgreSQL refuses an empty `in ()`, which SQLite reads as false.
      if (widgetIds.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('widgets')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', widgetIds)
        .execute();
      return new Set(rows.map((row) => row.id));
    },
    onQueued: () => loop.wake(),
  });

  return {
    /** `/api/webhooks`, behind `requireAuth`; `limiter` builds the per-account limits of test events and resends. */
    router: (limiter: RateLimiterFactory) => createWebhooksRouter(service, limiter),
    /** The feedback writer's AfterFeedbackInsert hook. */
    afterFeedbackInsert: async (trx: Transaction<Database>, rows: readonly FeedbackRow[]) => {
      if (await enqueue.afterFeedbackInsert(trx, rows)) queuedSinceWake = true;
    },
    /** The news service's hook, in the transaction that publishes a post. */
    afterPostPublished: async (trx: Transaction<Database>, post: PostRow) => {
      if (await enqueue.afterPostPublished(trx, post)) queuedSinceWake = true;
    },
    /** Call once what the hooks ran in has committed. */
    wakeIfQueued,
    /** Pending deliveries due now and scheduled for later (/metrics). */
    queueDepth: () => repo.queueDepth(deps.clock.now().toISOString()),
    /**
     * Lets the sends under way end (so their retries are scheduled), sends what is due now without
     * waiting for the next tick, and resolves once those sends have ended too (tests wait on it).
     */
    settle: async () => {
      await worker.idle();
      await loop.runNow();
      await worker.idle();
    },
    /** Stops the loop; resolves once the sends under way have ended. */
    stop: async () => {
      await loop.stop();
      await worker.idle();
    },
  };
}
