/**
 * An in-memory SQLite database with the whole schema, and owners with endpoints and queued
 * deliveries as the app writes them: for the webhook module's unit tests. Only tests import it.
 */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createWorkspace } from '../../workspaces/workspaces.service';
import { grantPlan } from '../../plans/plans.service';
import { migrateToLatest } from '../../../db/migrate';
import type { Database } from '../../../db/schema';
import { newDeliveryRow } from '../delivery-row';
import { buildTestPayload } from '../payloads';

/** The instant the tests' times count from. */
export const TEST_START = Date.parse('2030-03-10T09:00:00.000Z');

export async function openWebhooksTestDb(): Promise<Kysely<Database>> {
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  return db;
}

/** An owner with endpoints named `<owner>-1`, `<owner>-2`, … */
export async function addOwner(db: Kysely<Database>, id: string, endpoints: number): Promise<void> {
  const at = new Date(TEST_START).toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      name: id,
      email: `${id}@example.com`,
      password_hash: 'x',
      email_confirmed_at: at,
      pending_email: null,
      last_workspace_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await createWorkspace(db, { id, name: id, ownerId: id, now: at });
  await grantPlan(db, { workspaceId: id, plan: 'premium', expiresAt: null, now: at });
  for (let n = 1; n <= endpoints; n++) {
    await db
      .insertInto('webhook_endpoints')
      .values({
        id: `${id}-${n}`,
        workspace_id: id,
        url: `https://${id}.example.com/${n}`,
        kind: 'generic',
        events: '["feedback.created"]',
        widget_ids: null,
        secret_encrypted: 'sealed',
        failing_since: null,
        disabled_reason: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}

/** `count` test deliveries to `endpoint` (`<owner>-<n>`), due one second apart from `fromSecond` on. */
export async function queueDeliveries(
  db: Kysely<Database>,
  endpoint: string,
  count: number,
  fromSecond: number,
): Promise<string[]> {
  const workspaceId = endpoint.slice(0, endpoint.lastIndexOf('-'));
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(TEST_START + (fromSecond + i) * 1000);
    return newDeliveryRow({ id: endpoint, workspace_id: workspaceId }, buildTestPayload(at), at);
  });
  await db.insertInto('webhook_deliveries').values(rows).execute();
  return rows.map((row) => row.id);
}
