import type { Kysely } from 'kysely';
import { columnTypesOf } from './column-types';

/**
 * Alerts (issue: owners hear about feedback where they already are):
 * - `notification_settings`: an owner's e-mail alert choice; no row means the defaults (instant,
 *   every widget);
 * - `alert_windows`: per widget, the instant alert due and the last one sent, so at most one mail
 *   leaves per widget per window, on whichever instance claims it;
 * - `webhook_endpoints`, `webhook_deliveries` (the durable queue: one row per event and endpoint,
 *   retried until delivered or given up) and `webhook_attempts` (the delivery log).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', t.text, (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mode', t.text, (col) => col.notNull())
    .addColumn('hour', 'integer', (col) => col.notNull())
    .addColumn('time_zone', t.text, (col) => col.notNull())
    /** JSON array of widget ids, or null for every widget, present and future. */
    .addColumn('widget_ids', t.text)
    /** The next daily digest, and the time up to which feedback has been sent in digests. */
    .addColumn('next_digest_at', t.time)
    .addColumn('digest_sent_until', t.time)
    .addColumn('digest_locked_until', t.time)
    .addColumn('updated_at', t.time, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notification_settings_digest')
    .on('notification_settings')
    .columns(['next_digest_at'])
    .execute();

  await db.schema
    .createTable('alert_windows')
    .addColumn('widget_id', t.text, (col) => col.primaryKey().references('widgets.id').onDelete('cascade'))
    .addColumn('owner_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** When an instant alert is wanted; null when nothing waits. */
    .addColumn('due_at', t.time)
    .addColumn('last_sent_at', t.time)
    /** Feedback created up to this time has been in an alert. */
    .addColumn('sent_until', t.time)
    /**
     * Just before the earliest feedback stored since the window was last claimed: tells a send under
     * way that more arrived, and brings back one committed late, created before what was sent.
     */
    .addColumn('arrived_from', t.time)
    .addColumn('locked_until', t.time)
    .execute();
  await db.schema.createIndex('alert_windows_due').on('alert_windows').columns(['due_at']).execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('owner_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', t.text, (col) => col.notNull())
    .addColumn('kind', t.text, (col) => col.notNull())
    /** JSON array of event types. */
    .addColumn('events', t.text, (col) => col.notNull())
    /** JSON array of widget ids, or null for every widget. */
    .addColumn('widget_ids', t.text)
    .addColumn('active', t.bool, (col) => col.notNull().defaultTo(t.true))
    /** The signing secret, encrypted with the server's key (AES-256-GCM). */
    .addColumn('secret_encrypted', t.text, (col) => col.notNull())
    .addColumn('failing_since', t.time)
    .addColumn('disabled_reason', t.text)
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('updated_at', t.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_owner').on('webhook_endpoints').columns(['owner_id']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    /** The `webhook-id` header: the same on every attempt. */
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('endpoint_id', t.text, (col) => col.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('owner_id', t.text, (col) => col.notNull())
    .addColumn('event_type', t.text, (col) => col.notNull())
    /** The JSON body `{ type, timestamp, data }`, as signed. */
    .addColumn('payload', t.text, (col) => col.notNull())
    /** `pending`, `delivered` or `failed` (given up). */
    .addColumn('status', t.text, (col) => col.notNull())
    .addColumn('attempt_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.time)
    .addColumn('locked_until', t.time)
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('delivered_at', t.time)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('endpoint_id', t.text, (col) => col.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('delivery_id', t.text, (col) => col.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', t.time, (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('response_start', t.text, (col) => col.notNull())
    .addColumn('error', t.text)
    .addColumn('ok', t.bool, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_endpoint_time')
    .on('webhook_attempts')
    .columns(['endpoint_id', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'webhook_attempts',
    'webhook_deliveries',
    'webhook_endpoints',
    'alert_windows',
    'notification_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
