/**
 * What a verified backup is: its file, its size and the rows each table holds in it. The admin
 * command prints it as a table; the scheduler logs it as one line.
 */

/** A backup or restore that cannot go on; its message is all the admin needs (no stack trace). */
export class BackupError extends Error {}

export interface TableRows {
  table: string;
  rows: number;
}

export interface BackupReport {
  file: string;
  bytes: number;
  /** How the copy was checked: `integrity_check ok` or `pg_restore --list ok`. */
  check: string;
  tables: TableRows[];
}

export function totalRows(tables: TableRows[]): number {
  return tables.reduce((sum, table) => sum + table.rows, 0);
}

/** `1.4 MB`, `812 KB`, `96 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** The rows per table, one line each, for a terminal. */
export function formatRowTable(tables: TableRows[]): string[] {
  const width = Math.max('table'.length, ...tables.map((entry) => entry.table.length));
  const rowsWidth = Math.max('rows'.length, ...tables.map((entry) => String(entry.rows).length));
  return [
    `${'table'.padEnd(width)}  ${'rows'.padStart(rowsWidth)}`,
    ...tables.map((entry) => `${entry.table.padEnd(width)}  ${String(entry.rows).padStart(rowsWidth)}`),
  ];
}

/** The fields of the scheduler's log line: rows as one object, so a log search can read them. */
export function reportLogFields(report: BackupReport) {
  return {
    file: report.file,
    bytes: report.bytes,
    check: report.check,
    rows: Object.fromEntries(report.tables.map((entry) => [entry.table, entry.rows])),
  };
}
