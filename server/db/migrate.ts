import { Migrator, sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect';
import type { Database } from './schema';
import { MIGRATIONS } from './migrations';

/** The schema unqualified names resolve to on PostgreSQL (`public` unless search_path says otherwise). */
async function currentSchemaOf(db: Kysely<Database>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Brings the schema up to date; runs at every start. Throws when a migration fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    // Kysely looks for its bookkeeping tables by name in every schema it can see unless told
    // which one: another schema's (another app's, or another Tellbox's) would pass for ours.
    migrationTableSchema: await currentSchemaOf(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
