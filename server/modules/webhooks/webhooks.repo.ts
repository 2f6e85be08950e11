/** Queries over the webhook tables: endpoints, the delivery queue and the delivery log. */
import type { Kysely, Transaction } from 'kysely';
import type { WebhookAttempt, WebhookDeliveryType, WebhookEndpoint } from '../../../src/shared/api';
import type { WebhookEvent, WebhookKind } from '../../../src/shared/schemas';
import { WEBHOOK_LOG_SIZE } from '../../../src/shared/schemas';
import type { Database, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';
import type { Insertable, Selectable } from 'kysely';
import { claimDue, unleasedAt, type ClaimRequest, type ClaimedDelivery } from './claim-due';
import { wasNotSent } from './pending-cap';

type Db = Kysely<Database> | Transaction<Database>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

export function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    kind: row.kind as WebhookKind,
    events: JSON.parse(row.events) as WebhookEvent[],
    widgetIds: row.widget_ids === null ? null : (JSON.parse(row.widget_ids) as string[]),
    active: row.active === 1,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toWebhookAttempt(row: AttemptRow & { event_type: string }): WebhookAttempt {
  return {
    _id: row.id,
    deliveryId: row.delivery_id,
    type: row.event_type as WebhookDeliveryType,
    attemptedAt: row.attempted_at,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    responseStart: row.response_start,
    error: row.error,
    ok: row.ok === 1,
    sent: !wasNotSent(row.error),
  };
}

/** Whether an endpoint takes `event` from `widgetId`. */
export function endpointWants(row: EndpointRow, event: WebhookEvent, widgetId: string): boolean {
  if (row.active !== 1 || !(JSON.parse(row.events) as string[]).includes(event)) return false;
  return row.widget_ids === null || (JSON.parse(row.widget_ids) as string[]).includes(widgetId);
}

/**
 * Keeps only the endpoint's last WEBHOOK_LOG_SIZE attempts, newest first by time and then id (as
 * the log lists them), so entries of one instant (refusals queued together) are cut exactly.
 */
async function trimLog(db: Db, endpointId: string): Promise<void> {
  const cutoff = await db
    .selectFrom('webhook_attempts')
    .select(['attempted_at', 'id'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('attempted_at', 'desc')
    .orderBy('id', 'desc')
    .offset(WEBHOOK_LOG_SIZE)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  await db
    .deleteFrom('webhook_attempts')
    .where('endpoint_id', '=', endpointId)
    .where((eb) =>
      eb.or([
        eb('attempted_at', '<', cutoff.attempted_at),
        eb.and([eb('attempted_at', '=', cutoff.attempted_at), eb('id', '<=', cutoff.id)]),
      ]),
    )
    .execute();
}

export function createWebhooksRepo(db: Kysely<Database>) {
  return {
    db,

    listEndpoints(workspaceId: string): Promise<EndpointRow[]> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findEndpoint(workspaceId: string, id: string): Promise<EndpointRow | undefined> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async insertEndpoint(row: Insertable<WebhookEndpointsTable>, trx: Db = db): Promise<void> {
      await trx.insertInto('webhook_endpoints').values(row).execute();
    },

    async updateEndpoint(
      workspaceId: string,
      id: string,
      changes: Partial<Insertable<WebhookEndpointsTable>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set(changes)
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteEndpoint(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The active endpoints of these owners, for the events of a batch. */
    activeEndpointsOf(trx: Db, workspaceIds: string[]): Promise<EndpointRow[]> {
      if (workspaceIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('workspace_id', 'in', workspaceIds)
        .where('active', '=', 1)
        .execute();
    },

    async insertDeliveries(trx: Db, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
      // SQLite binds at most 32 766 values a statement: 11 a row leaves room for 500.
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('webhook_deliveries')
          .values(rows.slice(start, start + 500))
          .execute();
      }
    },

    /**
     * The queue's depth for /metrics: pending deliveries whose time has come (`due`, being sent
     * included) and those waiting for a later retry (`scheduled`). Both come from the
     * `webhook_deliveries_due` index (status, next_attempt_at), never from the table's rows.
     */
    async queueDepth(now: string): Promise<{ due: number; scheduled: number }> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => [
          eb.fn.countAll<number>().as('pending'),
          eb.fn.sum<number | null>(eb.case().when('next_attempt_at', '<=', now).then(1).else(0).end()).as('due'),
        ])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const due = Number(row.due ?? 0);
      return { due, scheduled: Number(row.pending) - due };
    },

    /** Takes due deliveries for this instance, fairly between owners (claim-due.ts). */
    claimDue(request: ClaimRequest): Promise<ClaimedDelivery[]> {
      return claimDue(db, request);
    },

    /** How many deliveries each of these owners has waiting (due, being sent, or waiting for a retry). */
    async waitingByOwner(trx: Db, workspaceIds: string[]): Promise<Map<string, number>> {
      if (workspaceIds.length === 0) return new Map();
      // Read through the `webhook_deliveries_due` index (status first): only waiting rows are visited.
      const rows = await trx
        .selectFrom('webhook_deliveries')
        .select((eb) => ['workspace_id', eb.fn.countAll<number>().as('waiting')])
        .where('status', '=', 'pending')
        .where('workspace_id', 'in', workspaceIds)
        .groupBy('workspace_id')
        .execute();
      return new Map(rows.map((row) => [row.workspace_id, Number(row.waiting)]));
    },

    /** Logs the attempts given (refusals written together) and trims each endpoint's log once. */
    async logAttempts(trx: Db, rows: Insertable<WebhookAttemptsTable>[]): Promise<void> {
      // 9 values a row: 500 rows stay well inside SQLite's 32 766 bound values a statement.
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('webhook_attempts')
          .values(rows.slice(start, start + 500))
          .execute();
      }
      for (const endpointId of new Set(rows.map((row) => row.endpoint_id))) await trimLog(trx, endpointId);
    },

    /** Writes an attempt to the log and keeps only the endpoint's last WEBHOOK_LOG_SIZE. */
    async recordAttempt(row: Insertable<WebhookAttemptsTable>): Promise<void> {
      await db.insertInto('webhook_attempts').values(row).execute();
      await trimLog(db, row.endpoint_id);
    },

    async finishDelivery(id: string, changes: Partial<Insertable<WebhookDeliveriesTable>>): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ ...changes, locked_until: null })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Makes a delivery due now, delivered or given up or waiting. One being sent right now (leased)
     * is left to that send, so Resend never sends it twice at once.
     */
    async sendAgain(id: string, now: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now })
        .where('id', '=', id)
        .where(unleasedAt(now))
        .execute();
    },

    listAttempts(endpointId: string): Promise<(AttemptRow & { event_type: string })[]> {
      return db
        .selectFrom('webhook_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .selectAll('webhook_attempts')
        .select('webhook_deliveries.event_type')
        .where('webhook_attempts.endpoint_id', '=', endpointId)
        .orderBy('webhook_attempts.attempted_at', 'desc')
        .orderBy('webhook_attempts.id', 'desc')
        .limit(WEBHOOK_LOG_SIZE)
        .execute();
    },

    findDelivery(endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
