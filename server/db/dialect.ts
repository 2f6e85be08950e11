import { PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Anything that runs queries through Kysely (a Kysely instance of any schema, a transaction). */
interface HasExecutor {
  getExecutor(): { adapter: unknown };
}

/** Which engine a Kysely instance talks to; migrations and a few writes differ by it. */
export function dialectOf(db: HasExecutor): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
