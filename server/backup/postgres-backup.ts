/**
 * PostgreSQL backups with pg_dump (custom format, `--no-owner`) of the one schema Tellbox's
 * tables live in (`current_schema()` of DATABASE_URL), and restores with pg_restore. pg_dump
 * reads inside one snapshot, so the archive is the database at one moment while instances keep
 * writing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describePostgres } from '../db/postgres';
import { createPrivateFile, makePrivateDir } from '../lib/private-files';
import { BackupError, type BackupReport, type TableRows } from './backup-report';
import { assertFree, removeQuietly, syncFolder, syncToDisk, tempPathBeside } from './backup-files';
import { readArchive } from './postgres-archive';
import { runPgTool } from './pg-tools';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'tellbox-backup' });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to PostgreSQL at ${describePostgres(url)}: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The schema DATABASE_URL's unqualified names resolve to, or null when its search_path names none that exists. */
async function currentSchema(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ schema: string | null }>('select current_schema() as schema');
  return rows[0]?.schema ?? null;
}

/** A schema name as a pg_dump pattern: quoted, so capitals and wildcard characters are taken as they are. */
function schemaPattern(schema: string): string {
  return `"${schema.replaceAll('"', '""')}"`;
}

function quotedIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function backupPostgres(url: string, file: string, signal?: AbortSignal): Promise<BackupReport> {
  const schema = await withClient(url, currentSchema);
  if (!schema) throw new BackupError(`DATABASE_URL's search_path names no schema that exists: nothing to back up.`);
  makePrivateDir(path.dirname(file));
  await assertFree(file);
  const temp = tempPathBeside(file);
  try {
    // pg_dump would make the archive 0644; it writes into a private file instead, renamed as it is.
    createPrivateFile(temp);
    await runPgTool('pg_dump', {
      args: ['--format=custom', '--no-owner', `--schema=${schemaPattern(schema)}`, `--file=${temp}`],
      url,
      signal,
    });
    const { tables } = await readArchive(temp, signal);
    await syncToDisk(temp);
    await fs.rename(temp, file);
    await syncFolder(path.dirname(file));
    const { size } = await fs.stat(file);
    return { file, bytes: size, check: 'pg_restore --list ok', tables };
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
}

export interface PostgresRestore {
  backupFile: string;
  url: string;
  force: boolean;
}

/**
 * The target must see the archive's schema as its own: restored anywhere else, a server on
 * DATABASE_URL would find no tables and start an empty installation beside the restored one.
 */
async function checkTarget(client: pg.Client, archiveSchema: string, force: boolean): Promise<void> {
  const schema = await currentSchema(client);
  const { rows: setting } = await client.query<{ path: string }>("select current_setting('search_path') as path");
  const firstInPath = (setting[0]?.path ?? '').split(',')[0]?.trim().replace(/^"|"$/g, '');
  if (schema !== archiveSchema && !(schema === null && firstInPath === archiveSchema)) {
    throw new BackupError(
      `The backup holds the schema "${archiveSchema}", and DATABASE_URL's tables go to ` +
        `${schema ? `"${schema}"` : 'no schema that exists'}: set its search_path to ${archiveSchema} ` +
        `(…?options=-c%20search_path%3D${archiveSchema}) or restore into a database that uses "${archiveSchema}".`,
    );
  }
  const { rows } = await client.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by 1",
    [archiveSchema],
  );
  if (rows.length > 0 && !force) {
    const names = rows.slice(0, 5).map((row) => row.table_name);
    throw new BackupError(
      `The PostgreSQL database is not empty (schema "${archiveSchema}" holds ${names.join(', ')}` +
        `${rows.length > 5 ? ', …' : ''}): restore refuses to replace it. Stop every instance, then run the ` +
        'restore again with --force to replace it.',
    );
  }
}

/** Restores an archive into DATABASE_URL's database; returns the rows per table it held. */
export async function restorePostgres({ backupFile, url, force }: PostgresRestore): Promise<TableRows[]> {
  const archive = await readArchive(backupFile);
  await withClient(url, async (client) => {
    await checkTarget(client, archive.schema, force);
    await client.query(`create schema if not exists ${quotedIdentifier(archive.schema)}`);
  });
  // The schema exists now (public always does): leave its own entry out, so pg_restore neither
  // creates it again nor, with --clean, drops it with whatever else it may hold.
  const list = archive.toc.map((line) => (/ SCHEMA - | COMMENT - SCHEMA /.test(line) ? `;${line}` : line));
  const listDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-restore-'));
  const listFile = path.join(listDir, 'toc.list');
  try {
    await fs.writeFile(listFile, `${list.join('\n')}\n`);
    const replace = force ? ['--clean', '--if-exists'] : [];
    await runPgTool('pg_restore', {
      args: [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...replace,
        `--use-list=${listFile}`,
        backupFile,
      ],
      url,
    });
  } finally {
    await fs.rm(listDir, { recursive: true, force: true });
  }
  return archive.tables;
}
