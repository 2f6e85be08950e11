/**
 * After a run, whether the database is still sound: SQLite's own integrity and foreign-key
 * checks; on PostgreSQL every B-tree index of the schema checked against its table by amcheck's
 * `bt_index_check` (when the extension can be created), and on both every foreign key checked
 * row by row with a query of our own, so a constraint the engine does not enforce is checked too.
 */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../server/db/dialect';
import type { Database } from '../../server/db/schema';

export interface IntegrityReport {
  ok: boolean;
  problems: string[];
  /** What was checked, for the report (e.g. `bt_index_check on 41 indexes`). */
  checked: string[];
}

interface ForeignKey {
  table: string;
  columns: string[];
  parentTable: string;
  parentColumns: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows whose key is set but names no parent row. */
async function orphans(db: Kysely<Database>, key: ForeignKey): Promise<number> {
  const joined = key.columns
    .map((column, i) => `p.${quote(key.parentColumns[i] ?? column)} = c.${quote(column)}`)
    .join(' and ');
  const present = key.columns.map((column) => `c.${quote(column)} is not null`).join(' and ');
  const query = `select count(*) as n from ${quote(key.table)} c where ${present} and not exists (select 1 from ${quote(key.parentTable)} p where ${joined})`;
  const { rows } = await sql<{ n: number | string }>`${sql.raw(query)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function sqliteForeignKeys(db: Kysely<Database>): Promise<ForeignKey[]> {
  const { rows: tables } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const keys: ForeignKey[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{
      id: number;
      table: string;
      from: string;
      to: string | null;
    }>`select * from pragma_foreign_key_list(${name})`.execute(db);
    const byId = new Map<number, ForeignKey>();
    for (const row of rows) {
      const key = byId.get(row.id) ?? { table: name, columns: [], parentTable: row.table, parentColumns: [] };
      key.columns.push(row.from);
      key.parentColumns.push(row.to ?? 'rowid');
      byId.set(row.id, key);
    }
    keys.push(...byId.values());
  }
  return keys;
}

async function postgresForeignKeys(db: Kysely<Database>): Promise<ForeignKey[]> {
  const { rows } = await sql<{ child: string; parent: string; columns: string[]; parent_columns: string[] }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_columns
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  // regclass text may be schema-qualified or quoted; the unquoted table name is what `quote` wants.
  const bare = (name: string) => name.split('.').pop()?.replace(/^"|"$/g, '') ?? name;
  return rows.map((row) => ({
    table: bare(row.child),
    columns: row.columns,
    parentTable: bare(row.parent),
    parentColumns: row.parent_columns,
  }));
}

async function checkForeignKeys(db: Kysely<Database>, keys: ForeignKey[], report: IntegrityReport) {
  for (const key of keys) {
    const count = await orphans(db, key);
    if (count > 0)
      report.problems.push(`${count} rows of ${key.table}(${key.columns.join(', ')}) name no ${key.parentTable} row`);
  }
  report.checked.push(`${keys.length} foreign keys row by row`);
}

async function checkSqlite(db: Kysely<Database>, report: IntegrityReport) {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const verdicts = rows.map((row) => row.integrity_check);
  if (verdicts.join() !== 'ok') report.problems.push(`integrity_check: ${verdicts.slice(0, 10).join('; ')}`);
  const { rows: violations } = await sql<{
    table: string;
    rowid: number;
    parent: string;
  }>`pragma foreign_key_check`.execute(db);
  for (const row of violations.slice(0, 10))
    report.problems.push(`foreign_key_check: ${row.table} row ${row.rowid} → ${row.parent}`);
  report.checked.push('PRAGMA integrity_check', 'PRAGMA foreign_key_check');
  await checkForeignKeys(db, await sqliteForeignKeys(db), report);
}

async function checkPostgres(db: Kysely<Database>, report: IntegrityReport) {
  try {
    // In `public`, not the test schema, so one copy serves every schema of the database.
    await sql`create extension if not exists amcheck schema public`.execute(db);
  } catch (error) {
    report.checked.push(`amcheck unavailable (${error instanceof Error ? error.message : String(error)})`);
  }
  const { rows: installed } = await sql<{
    n: number | string;
  }>`select count(*) as n from pg_extension where extname = 'amcheck'`.execute(db);
  if (Number(installed[0]?.n ?? 0) > 0) {
    const { rows: indexes } = await sql<{ oid: number; name: string }>`
      select c.oid::int as oid, c.relname as name from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace join pg_am am on am.oid = c.relam
      where n.nspname = current_schema() and am.amname = 'btree' and i.indisvalid`.execute(db);
    for (const index of indexes) {
      try {
        await sql`select public.bt_index_check(${index.oid}::regclass, true)`.execute(db);
      } catch (error) {
        report.problems.push(
          `bt_index_check(${index.name}): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    report.checked.push(`bt_index_check(heapallindexed) on ${indexes.length} indexes`);
  }
  await checkForeignKeys(db, await postgresForeignKeys(db), report);
}

export async function checkIntegrity(db: Kysely<Database>): Promise<IntegrityReport> {
  const report: IntegrityReport = { ok: true, problems: [], checked: [] };
  if (dialectOf(db) === 'postgres') await checkPostgres(db, report);
  else await checkSqlite(db, report);
  report.ok = report.problems.length === 0;
  return report;
}
