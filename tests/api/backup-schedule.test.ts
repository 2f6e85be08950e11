/**
 * Scheduled backups (docs/architecture.md, "Backups"): the real server process (`server/index.ts`)
 * with BACKUP_DIR, BACKUP_EVERY and BACKUP_KEEP takes verified, rotating backups by itself, logs
 * each on one line, keeps serving when a backup fails, and stops cleanly. On PostgreSQL two
 * instances share the database and only one of them takes each backup.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations';
import { startServerInstance, type ServerInstance } from '../helpers/server-instance';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database';

const kind = testDatabaseKind();
const SCHEDULED_NAME = kind === 'sqlite' ? /^tellbox-\d{8}T\d{6}Z\.sqlite$/ : /^tellbox-\d{8}T\d{6}Z\.pgdump$/;

interface LogLine {
  level: number;
  msg: string;
  file?: string;
  bytes?: number;
  check?: string;
  rows?: Record<string, number>;
  removed?: string[];
  reason?: string;
  err?: { message: string };
}

type Instance = ServerInstance<LogLine>;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function testDatabase(dataDir: string): Promise<TestDatabase> {
  const database = await createTestDatabase(dataDir);
  cleanups.push(() => database.drop());
  return database;
}

/** The server process with only `env` (and PATH, HOME); stopped after the test. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const instance = await startServerInstance<LogLine>(env);
  cleanups.push(instance.stop);
  return instance;
}

const backupsTaken = (instance: Instance) =>
  instance.lines().filter((line) => line.msg === 'backup taken and verified');

/** Each file is whole and readable on its own: SQLite's integrity check, or pg_restore's listing. */
function verifyFile(file: string): void {
  if (kind === 'sqlite') {
    const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      sqlite.close();
    }
  } else {
    expect(spawnSync('pg_restore', ['--list', file]).status).toBe(0);
  }
}

describe(`scheduled backups (${kind})`, () => {
  // Backups come on the real clock, a second apart at best: on a machine busy with the rest of the
  // run, four took more than 20 s, so the deadline for them (not a wait: the test goes on at the
  // fourth) is 60 s.
  test(
    'BACKUP_EVERY=1s yields verified backups in BACKUP_DIR, of which only the last BACKUP_KEEP stay',
    { timeout: 90_000 },
    async () => {
      const dataDir = await tempDir('tellbox-scheduled-');
      const backupDir = path.join(await tempDir('tellbox-scheduled-backups-'), 'nested');
      const database = await testDatabase(dataDir);
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        BACKUP_DIR: backupDir,
        BACKUP_EVERY: '1s',
        BACKUP_KEEP: '2',
      };
      // On PostgreSQL two instances share the database and the folder: one of them takes each backup.
      const instances = [await startInstance(env), ...(kind === 'postgres' ? [await startInstance(env)] : [])];
      const allBackups = () => instances.flatMap(backupsTaken);
      await vi.waitFor(() => expect(allBackups().length).toBeGreaterThanOrEqual(4), { timeout: 60_000, interval: 100 });

      for (const instance of instances) {
        instance.child.kill('SIGTERM');
        expect(await instance.exited, instance.stderr()).toBe(0);
      }
      const taken = allBackups();
      const files = taken.map((line) => line.file ?? '');
      // One line per backup: its file, its size, the check it passed and the rows in each table.
      for (const line of taken) {
        expect(path.dirname(line.file ?? '')).toBe(backupDir);
        expect(path.basename(line.file ?? '')).toMatch(SCHEDULED_NAME);
        expect(line.bytes).toBeGreaterThan(0);
        expect(line.check).toBe(kind === 'sqlite' ? 'integrity_check ok' : 'pg_restore --list ok');
        expect(line.rows).toMatchObject({ kysely_migration: Object.keys(MIGRATIONS).length, users: 0, feedback: 0 });
      }
      // One backup per slot, never two for the same time, even with two instances.
      expect(new Set(files).size).toBe(files.length);
      if (kind === 'postgres') {
        expect(instances.filter((instance) => backupsTaken(instance).length > 0)).toHaveLength(1);
      }
      // Only the two newest are kept; every older one was removed when a newer one was taken.
      const kept = (await fs.readdir(backupDir)).sort();
      expect(kept).toEqual(
        files
          .map((file) => path.basename(file))
          .sort()
          .slice(-2),
      );
      expect(taken.flatMap((line) => line.removed ?? []).sort()).toEqual(
        files
          .map((file) => path.basename(file))
          .sort()
          .slice(0, -2),
      );
      for (const name of kept) verifyFile(path.join(backupDir, name));
    },
  );

  test('a backup that fails is logged as an error, and the server keeps serving', { timeout: 90_000 }, async () => {
    const dataDir = await tempDir('tellbox-scheduled-failing-');
    const database = await testDatabase(dataDir);
    // A folder inside a regular file can never be made.
    const blocker = path.join(dataDir, 'not-a-folder');
    await fs.writeFile(blocker, 'in the way');
    const instance = await startInstance({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      BACKUP_DIR: path.join(blocker, 'backups'),
      BACKUP_EVERY: '1s',
    });
    const failures = () => instance.lines().filter((line) => line.msg.startsWith('backup failed'));
    await vi.waitFor(() => expect(failures().length).toBeGreaterThanOrEqual(2), { timeout: 60_000, interval: 100 });
    expect(failures()[0]).toMatchObject({ level: 50, file: expect.stringContaining(blocker) as string });
    expect(JSON.stringify(failures()[0])).toContain('ENOTDIR');
    const health = await fetch(`http://127.0.0.1:${instance.port}/api/health`);
    expect(health.status).toBe(200);
    instance.child.kill('SIGTERM');
    expect(await instance.exited, instance.stderr()).toBe(0);
  });
});
