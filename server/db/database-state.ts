import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** `ok` when the database answers a trivial query now, `down` otherwise (for /api/health). */
export async function databaseState(db: Kysely<Database>): Promise<'ok' | 'down'> {
  try {
    await sql`select 1`.execute(db);
    return 'ok';
  } catch {
    return 'down';
  }
}
