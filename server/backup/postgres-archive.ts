/**
 * Reads a pg_dump custom-format archive with pg_restore, without any database: its table of
 * contents (`--list`: the archive is readable, and which schema and tables it holds) and its rows
 * per table.
 *
 * Rows are counted from the data pg_restore writes as SQL (`--data-only -f -`): one line per row
 * between `COPY … FROM stdin;` and `\.` (a newline inside a value is written as `\n`). This reads
 * and decompresses every row of the archive, which is the check that matters, and needs no
 * throwaway database, so it works with an account that may not create databases.
 */
import { BackupError, type TableRows } from './backup-report';
import { runPgTool } from './pg-tools';

export interface ArchiveContents {
  /** The lines of `pg_restore --list`, as pg_restore -L reads them back. */
  toc: string[];
  /** The one schema the archive holds (backups are taken with `--schema`). */
  schema: string;
  tables: TableRows[];
}

/** `215; 1259 16389 TABLE s1 users postgres`, `6; 2615 16388 SCHEMA - s1 postgres` */
const TOC_ENTRY = /^\d+; \d+ \d+ (TABLE|SCHEMA) (?!DATA )(\S+) (\S+) /;
const COPY_START = /^COPY (?:"?[^".]+"?\.)?"?([^"(]+?)"? (?:\(.*\) )?FROM stdin;$/;

export async function readArchive(file: string, signal?: AbortSignal): Promise<ArchiveContents> {
  const toc: string[] = [];
  await runPgTool('pg_restore', { args: ['--list', file], onLine: (line) => toc.push(line), signal });
  const schemas = new Set<string>();
  const rows = new Map<string, number>();
  for (const line of toc) {
    const entry = TOC_ENTRY.exec(line);
    if (entry?.[1] === 'SCHEMA' && entry[3]) schemas.add(entry[3]);
    if (entry?.[1] === 'TABLE' && entry[2] && entry[3]) {
      schemas.add(entry[2]);
      rows.set(entry[3], 0);
    }
  }
  const [schema, ...others] = [...schemas];
  if (!schema || others.length > 0) {
    throw new BackupError(`${file} is not a Tellbox backup: it should hold one schema, and holds ${schemas.size}.`);
  }

  let table: string | undefined;
  await runPgTool('pg_restore', {
    args: ['--data-only', '--file=-', file],
    signal,
    onLine: (line) => {
      if (table === undefined) {
        table = COPY_START.exec(line)?.[1];
        if (table !== undefined && !rows.has(table)) rows.set(table, 0);
      } else if (line === '\\.') table = undefined;
      else rows.set(table, (rows.get(table) ?? 0) + 1);
    },
  });
  if (!rows.has('kysely_migration')) {
    throw new BackupError(`${file} is a PostgreSQL archive, but not a Tellbox backup (it has no kysely_migration).`);
  }
  const tables = [...rows].map(([name, count]) => ({ table: name, rows: count }));
  return { toc, schema, tables: tables.sort((a, b) => a.table.localeCompare(b.table)) };
}
