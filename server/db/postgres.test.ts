/**
 * PostgreSQL specifics, on the machine's real server (a throwaway database per file): the
 * migrations' per-engine types, values read back in SQLite's shapes, and transactions that
 * collide being retried instead of failing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createThrowawayDatabase } from '../../tests/helpers/test-database';
import { openPostgresDatabase, type OpenedDatabase } from './connection';
import { migrateToLatest } from './migrate';
import { createTransactor } from './transaction';

let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
let database: OpenedDatabase;

beforeAll(async () => {
  throwaway = await createThrowawayDatabase(`tellbox_unit_${Date.now()}_${process.pid}`);
  database = openPostgresDatabase(throwaway.url, 4);
  await migrateToLatest(database.db);
});

afterAll(async () => {
  await database.close();
  await throwaway.drop();
});

const NOW = '2026-11-24T03:04:05.678Z';

async function insertOwner(id: string) {
  await database.db
    .insertInto('users')
    .values({
      id,
      name: 'Owner',
      email: `${id}@example.com`,
      password_hash: 'x',
      last_workspace_id: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await database.db.insertInto('workspaces').values({ id, name: 'Owner', created_at: NOW, updated_at: NOW }).execute();
}

describe('PostgreSQL schema', () => {
  test('times are timestamptz, flags boolean, and text sorts byte by byte', async () => {
    const { rows } = await sql<{ column_name: string; data_type: string; collation_name: string | null }>`
      select column_name, data_type, collation_name from information_schema.columns
      where table_name = 'widgets' and table_schema = current_schema()`.execute(database.db);
    const typeOf = Object.fromEntries(rows.map((row) => [row.column_name, row]));
    expect(typeOf.created_at?.data_type).toBe('timestamp with time zone');
    expect(typeOf.enable_feedback?.data_type).toBe('boolean');
    expect(typeOf.lock_hosts?.data_type).toBe('boolean');
    expect(typeOf.id?.collation_name).toBe('C');
  });

  test('running the migrations again changes nothing', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  test('values read back as on SQLite: ISO times, 0/1 flags, numeric counts', async () => {
    await insertOwner('u-shapes');
    await database.db
      .insertInto('widgets')
      .values({
        id: 'w-shapes',
        workspace_id: 'u-shapes',
        site_key: 'k-shapes',
        name: 'Shapes',
        position: 'bottom-right',
        color: '#0f766e',
        enable_feedback: 1,
        enable_news: 0,
        active: 1,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    const widget = await database.db
      .selectFrom('widgets')
      .selectAll()
      .where('id', '=', 'w-shapes')
      .executeTakeFirstOrThrow();
    expect(widget).toMatchObject({ created_at: NOW, enable_feedback: 1, enable_news: 0, active: 1, lock_hosts: 0 });
    const count = await database.db
      .selectFrom('widgets')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(1);
  });

  test('keys page in byte order, as on SQLite (upper case before lower, "-" before digits)', async () => {
    await insertOwner('u-order');
    const ids = ['b', 'B', 'a-1', 'a1', 'A', '_z'];
    for (const id of ids) {
      await database.db
        .insertInto('early_access')
        .values({ id, email: `${id}@example.com`, created_at: NOW })
        .execute();
    }
    const rows = await database.db
      .selectFrom('early_access')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.id)).toEqual([...ids].sort());
  });
});

describe('transactions on PostgreSQL', () => {
  test('two transactions that deadlock both succeed: the one PostgreSQL aborts is run again', async () => {
    await insertOwner('u-dead-1');
    await insertOwner('u-dead-2');
    const transact = createTransactor(database.db);
    let attempts = 0;
    // Each locks one row, waits until the other holds its row, then asks for the other's row.
    let arrived = 0;
    let release: () => void = () => {};
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const lockBoth = (first: string, second: string) =>
      transact(async (trx) => {
        attempts += 1;
        await trx.updateTable('users').set({ name: 'locked' }).where('id', '=', first).execute();
        arrived += 1;
        if (arrived === 2) release();
        await bothHoldOne;
        await trx.updateTable('users').set({ name: 'locked' }).where('id', '=', second).execute();
        return first;
      });
    const results = await Promise.all([lockBoth('u-dead-1', 'u-dead-2'), lockBoth('u-dead-2', 'u-dead-1')]);
    expect(results).toEqual(['u-dead-1', 'u-dead-2']);
    expect(attempts).toBe(3);
  });

  test('a bug is not retried: a unique violation fails at once', async () => {
    const transact = createTransactor(database.db);
    let attempts = 0;
    await expect(
      transact(async (trx) => {
        attempts += 1;
        await trx.insertInto('early_access').values({ id: 'dup', email: 'dup@example.com', created_at: NOW }).execute();
        await trx
          .insertInto('early_access')
          .values({ id: 'dup', email: 'dup2@example.com', created_at: NOW })
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });
});
