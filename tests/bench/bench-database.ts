/**
 * The database a bench server runs on: its own SQLite file under DATA_DIR, or a throwaway
 * PostgreSQL database on the machine's server (created for the run, dropped `with (force)` at the
 * end, even when the bench fails). What the API cannot do without e-mail or billing (confirming an
 * address, a plan) is written through Kysely with the server's own openDatabase, so one code path
 * serves both engines, as the test factories do.
 */
import path from 'node:path';
import type { PlanId } from '../../src/shared/plans';
import { grantPlan } from '../../server/modules/plans/plans.service';
import { adminQuery as runAdminQuery } from '../helpers/test-database';
import type { DatabaseConfig } from '../../server/config';
import { openDatabase, type OpenedDatabase } from '../../server/db/connection';

/** The machine's PostgreSQL (trust auth): where the bench makes and drops its database. */
export const ADMIN_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  /** `SQLite` or `PostgreSQL`, for the bench's lines. */
  label: string;
  config: DatabaseConfig;
  /** The server's DATABASE_URL: the SQLite file's path, or the PostgreSQL database's URL. */
  url: string;
}

/** The SQLite file in `dataDir`, where the server would put it by default. */
export function sqliteBenchDatabase(dataDir: string): BenchDatabase {
  const file = path.join(dataDir, 'tellbox.sqlite');
  return { label: 'SQLite', config: { kind: 'sqlite', path: file }, url: file };
}

const adminQuery = (text: string) => runAdminQuery(text, ADMIN_POSTGRES_URL);

export interface ThrowawayPostgres extends BenchDatabase {
  /** Drops the database `with (force)`, closing whatever connections are left; safe to call twice. */
  drop(): Promise<void>;
}

/** Creates `tellbox_bench_<pid>` on the machine's PostgreSQL (an earlier run's leftover is dropped first). */
export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const name = `tellbox_bench_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    label: 'PostgreSQL',
    // The bench's own connections (seeding, counting); the server has its own pool.
    config: { kind: 'postgres', url: url.toString(), poolMax: 2 },
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Opens the bench database with the server's own code, runs `work`, and closes it. */
export async function withDatabase<T>(database: BenchDatabase, work: (opened: OpenedDatabase) => Promise<T>) {
  const opened = openDatabase(database.config);
  try {
    return await work(opened);
  } finally {
    await opened.close();
  }
}

/** Confirms an account's e-mail, as opening the confirmation link would. */
export async function confirmEmail(database: BenchDatabase, email: string) {
  await withDatabase(database, async ({ db }) => {
    const { numUpdatedRows } = await db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('email', '=', email)
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) throw new Error(`expected to confirm 1 user, confirmed ${numUpdatedRows}`);
  });
}

/** Puts an account on `plan` until `expiresAt`, as an admin's `set-plan` would. */
export async function setPlan(database: BenchDatabase, email: string, plan: string, expiresAt: string) {
  await withDatabase(database, async ({ db }) => {
    const account = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const granted = await grantPlan(db, {
      workspaceId: account.id,
      plan: plan as PlanId,
      expiresAt,
      now: new Date().toISOString(),
    });
    if (!granted) throw new Error(`no workspace ${account.id} to put on ${plan}`);
  });
}

/** `count(*)` of all stored feedback; safe while the server runs (SQLite's WAL, PostgreSQL's MVCC). */
export async function countFeedback(database: BenchDatabase): Promise<number> {
  return withDatabase(database, async ({ db }) => {
    const row = await db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  });
}
