/**
 * Opens PostgreSQL through Kysely's dialect and a `pg` pool. Values come back in the shapes the
 * SQLite side gives (the app is written once for both): times as ISO-8601 strings, booleans as
 * 0/1, 64-bit counts as numbers.
 *
 * The pool fails fast instead of queueing forever: while the database is unreachable a request
 * waits at most CONNECT_TIMEOUT_MS for a connection, and lib/database-errors.ts turns the failure
 * into a 503. A connection the server dropped (a restart) is discarded by the pool, and the next
 * checkout opens a new one, so Tellbox recovers by itself once PostgreSQL is back.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { callbackQueryPool } from './callback-query-pool';
import type { Database } from './schema';

/** How long a request waits for a free connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** No statement of ours runs longer; a stuck one is cancelled rather than holding a connection. */
export const STATEMENT_TIMEOUT_MS = 30_000;

const OID = { bool: 16, int8: 20, timestamp: 1114, timestamptz: 1184 } as const;

const parseTimestamp = pg.types.getTypeParser(OID.timestamptz) as (value: string) => Date;

/** pg's type parsers with ours for the types whose JavaScript shape differs from SQLite's. */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === OID.timestamptz || oid === OID.timestamp) {
      return (value: string) => parseTimestamp(value).toISOString();
    }
    if (oid === OID.bool) return (value: string) => (value === 't' ? 1 : 0);
    if (oid === OID.int8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresConnection {
  db: Kysely<Database>;
  pool: pg.Pool;
}

export function openPostgres(url: string, poolMax: number, onIdleError: (error: Error) => void): PostgresConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'tellbox',
    types: typeParsers,
  });
  // An idle connection the server closed (a restart, an admin's pg_terminate_backend) is reported
  // here; unhandled, the 'error' event would end the process.
  pool.on('error', onIdleError);
  // A connection dropped while a request holds it (a restart under load) fails that request's
  // query, which becomes a 503; pg then emits 'error' on the client too, and pg-pool listens for
  // it only while the client is idle. Unhandled, that event would end the process. The pool
  // discards the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: callbackQueryPool(pool) }) }), pool };
}

/** The server's version and where it is, for the start-up log (never the password). */
export function describePostgres(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}
