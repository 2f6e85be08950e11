/**
 * The database a test server runs on. By default a fresh SQLite file; with TEST_DATABASE=postgres
 * (the `postgres` vitest project) a fresh schema in the run's throwaway PostgreSQL database, which
 * tests/helpers/postgres-global-setup.ts creates before the run and drops after it. A schema per
 * server keeps suites that run in parallel apart, as their own SQLite files do.
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

/** A new empty schema in the run's PostgreSQL database; its URL and how to drop it. */
export async function createPostgresSchema(): Promise<TestDatabase> {
  const runUrl = process.env[RUN_DATABASE_URL_VARIABLE];
  if (!runUrl) throw new Error(`${RUN_DATABASE_URL_VARIABLE} is not set: run through the postgres vitest project`);
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`, runUrl);
  return {
    url: withSearchPath(runUrl, schema),
    kind: 'postgres',
    drop: async () => {
      await adminQuery(`drop schema if exists ${schema} cascade`, runUrl);
    },
  };
}

/** The database for one test server whose data directory is `dataDir`. */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') return createPostgresSchema();
  return { url: path.join(dataDir, 'tellbox.sqlite'), kind: 'sqlite', drop: () => Promise.resolve() };
}
