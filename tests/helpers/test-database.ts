/**
 * The database a test server runs on. By default a fresh SQLite file; with TEST_DATABASE=postgres
 * (the `postgres` vitest project) a fresh schema in a throwaway PostgreSQL database of the run:
 * tests/helpers/postgres-global-setup.ts creates the run's database before the run and drops it,
 * and every database named after it, after the run. A schema per server keeps the servers of a
 * suite apart, as their own SQLite files do; a database per vitest worker keeps suites that run in
 * parallel apart (see workerDatabaseUrl).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

/** Set by the global setup for the run: the throwaway database every schema lives in. */
export const RUN_DATABASE_URL_VARIABLE = 'TELLBOX_TEST_PG_URL';

/** The machine's PostgreSQL (trust auth), where the run's throwaway database is made. */
export const ADMIN_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on a PostgreSQL server (by default the machine's) over a short-lived connection. */
export async function adminQuery(text: string, url = ADMIN_POSTGRES_URL, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Creates the database `name` on the server of `adminUrl`; returns its URL and how to drop it. */
export async function createThrowawayDatabase(name: string, adminUrl = ADMIN_POSTGRES_URL) {
  await adminQuery(`create database ${name}`, adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`, adminUrl);
    },
  };
}

export function testDatabaseKind(): 'sqlite' | 'postgres' {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  /** DATABASE_URL for the server. */
  url: string;
  kind: 'sqlite' | 'postgres';
  drop(): Promise<void>;
}

/** `url` with a default schema: every table the server makes and reads lives in that schema. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** The databases of a run's workers: `<run database>_w<pool id>`, dropped with the run's. */
export const workerDatabasePrefix = (runDatabase: string) => `${runDatabase}_w`;

let workerDatabase: Promise<string> | undefined;

/**
 * The database this vitest worker's schemas live in, made on first use: one per worker (vitest's
 * VITEST_POOL_ID, unique among the workers running at once), not one for the whole run. Kysely's
 * migrator looks for its tables across every schema of the database (has_schema_privilege,
 * pg_get_serial_sequence by name), and fails with `schema "…" does not exist` when another suite
 * drops its schema in the middle of that look: in one shared database, any server start could fail
 * because a suite running beside it had just finished. Outside vitest (the fuzzer), the run's
 * database itself.
 */
function workerDatabaseUrl(runUrl: string): Promise<string> {
  const poolId = process.env.VITEST_POOL_ID;
  if (!poolId) return Promise.resolve(runUrl);
  workerDatabase ??= (async () => {
    const url = new URL(runUrl);
    const name = `${workerDatabasePrefix(url.pathname.slice(1))}${Number(poolId)}`;
    // The worker before this one with the same pool id (an earlier suite) may have made it.
    const existing = await adminQuery('select 1 from pg_database where datname = $1', runUrl, [name]);
    if (existing.rowCount === 0) await adminQuery(`create database ${name}`, runUrl);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return workerDatabase;
}

/** A new empty schema in this worker's PostgreSQL database; its URL and how to drop it. */
export async function createPostgresSchema(): Promise<TestDatabase> {
  const runUrl = process.env[RUN_DATABASE_URL_VARIABLE];
  if (!runUrl) throw new Error(`${RUN_DATABASE_URL_VARIABLE} is not set: run through the postgres vitest project`);
  const databaseUrl = await workerDatabaseUrl(runUrl);
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`, databaseUrl);
  return {
    url: withSearchPath(databaseUrl, schema),
    kind: 'postgres',
    drop: async () => {
      await adminQuery(`drop schema if exists ${schema} cascade`, databaseUrl);
    },
  };
}

/** The database for one test server whose data directory is `dataDir`. */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') return createPostgresSchema();
  return { url: path.join(dataDir, 'tellbox.sqlite'), kind: 'sqlite', drop: () => Promise.resolve() };
}
