/** Queries over the webhook tables: endpoints, the delivery queue and the delivery log. */
import type { Kysely, Transaction } from 'kysely';
import type { WebhookAttempt, WebhookDeliveryType, WebhookEndpoint } from '../../../src/shared/api';
import type { WebhookEvent, WebhookKind } from '../../../src/shared/schemas';
import { WEBHOOK_LOG_SIZE } from '../../../src/shared/schemas';
import type { Database, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';

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
  };
}

/** Whether an endpoint takes `event` from `widgetId`. */
export function endpointWants(row: EndpointRow, event: WebhookEvent, widgetId: string): boolean {
  if (row.active !== 1 || !(JSON.parse(row.events) as string[]).includes(event)) return false;
  return row.widget_ids === null || (JSON.parse(row.widget_ids) as string[]).includes(widgetId);
}

/** A due delivery claimed for sending, with what sending it needs from its endpoint. */
export interface ClaimedDelivery extends DeliveryRow {
  url: string;
  kind: string;
  secret_encrypted: string;
}

/** Deliveries no instance is sending at `now`: never leased, or their lease has run out. */
const unleasedAt = (now: string) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);

export interface ClaimRequest {
  now: string;
  leaseUntil: string;
  limit: number;
  perEndpoint: number;
}

export function createWebhooksRepo(db: Kysely<Database>) {
  return {
    db,

    listEndpoints(ownerId: string): Promise<EndpointRow[]> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findEndpoint(ownerId: string, id: string): Promise<EndpointRow | undefined> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async insertEndpoint(row: Insertable<WebhookEndpointsTable>, trx: Db = db): Promise<void> {
      await trx.insertInto('webhook_endpoints').values(row).execute();
    },

    async updateEndpoint(
      ownerId: string,
      id: string,
      changes: Partial<Insertable<WebhookEndpointsTable>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set(changes)
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteEndpoint(ownerId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The active endpoints of these owners, for the events of a batch. */
    activeEndpointsOf(trx: Db, ownerIds: string[]): Promise<EndpointRow[]> {
      if (ownerIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('owner_id', 'in', ownerIds)
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

    /**
     * Takes up to `limit` due deliveries for this instance until `leaseUntil`, so that no endpoint
     * has more than `perEndpoint` under way (leased, on any instance): one owner's backlog or one
     * slow receiver never holds up the others' deliveries. The lease is checked again on the row
     * being updated, so when two instances race for the same rows on PostgreSQL the second, once
     * the first has committed, finds them leased and skips them: each delivery is sent by one
     * instance.
     */
    async claimDue({ now, leaseUntil, limit, perEndpoint }: ClaimRequest): Promise<ClaimedDelivery[]> {
      const unleased = unleasedAt(now);
      const due = db
        .selectFrom('webhook_deliveries')
        .select((eb) => [
          'id',
          'endpoint_id',
          'next_attempt_at',
          eb.fn
            .agg<number>('row_number')
            .over((over) => over.partitionBy('endpoint_id').orderBy('next_attempt_at'))
            .as('place'),
        ])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where(unleased);
      const busy = db
        .selectFrom('webhook_deliveries')
        .select((eb) => ['endpoint_id', eb.fn.countAll<number>().as('sending')])
        .where('status', '=', 'pending')
        .where('locked_until', '>=', now)
        .groupBy('endpoint_id');
      const candidates = db
        .selectFrom(due.as('due'))
        .leftJoin(busy.as('busy'), 'busy.endpoint_id', 'due.endpoint_id')
        .select('due.id')
        .where((eb) => eb(eb('due.place', '+', eb.fn.coalesce('busy.sending', eb.lit(0))), '<=', perEndpoint))
        .orderBy('due.next_attempt_at')
        .limit(limit);
      const claimed = await db
        .updateTable('webhook_deliveries')
        .set({ locked_until: leaseUntil })
        .where('id', 'in', candidates)
        .where('status', '=', 'pending')
        .where(unleased)
        .returning('id')
        .execute();
      if (claimed.length === 0) return [];
      return db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
        .selectAll('webhook_deliveries')
        .select(['webhook_endpoints.url', 'webhook_endpoints.kind', 'webhook_endpoints.secret_encrypted'])
        .where(
          'webhook_deliveries.id',
          'in',
          claimed.map((row) => row.id),
        )
        .execute();
    },

    /** Writes an attempt to the log and keeps only the endpoint's last WEBHOOK_LOG_SIZE. */
    async recordAttempt(row: Insertable<WebhookAttemptsTable>): Promise<void> {
      await db.insertInto('webhook_attempts').values(row).execute();
      const cutoff = await db
        .selectFrom('webhook_attempts')
        .select('attempted_at')
        .where('endpoint_id', '=', row.endpoint_id)
        .orderBy('attempted_at', 'desc')
        .offset(WEBHOOK_LOG_SIZE)
        .limit(1)
        .executeTakeFirst();
      if (cutoff) {
        await db
          .deleteFrom('webhook_attempts')
          .where('endpoint_id', '=', row.endpoint_id)
          .where('attempted_at', '<=', cutoff.attempted_at)
          .execute();
      }
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
