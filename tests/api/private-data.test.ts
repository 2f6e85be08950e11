/**
 * What the server keeps on disk is readable by its own user only (issue 30, item 7): DATA_DIR, the
 * outbox and its mail (live password-reset links), the SQLite database with its -wal and -shm,
 * secret.key, BACKUP_DIR and its backups are made 0700 (folders) and 0600 (files) under the usual
 * umask 022, and an installation made before that rule is tightened at start, in one log line.
 * The real server process (`server/index.ts`), on its own SQLite file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startServerInstance, type ServerInstance } from '../helpers/server-instance';

const TIGHTENED = 'data files other local users could read are now private to this user';

interface LogLine {
  msg: string;
  file?: string;
  tightened?: string[];
}

type Instance = ServerInstance<LogLine>;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-private-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The server process under umask 022 (what most systems give a service), ready for requests. */
async function startServer(env: Record<string, string>): Promise<Instance> {
  const instance = await startServerInstance<LogLine>(env, { umask: '022' });
  cleanups.push(instance.stop);
  const { lines } = instance;
  await vi.waitFor(() => expect(lines().some((line) => line.msg === 'Tellbox is listening')).toBe(true), {
    timeout: 20_000,
    interval: 100,
  });
  return instance;
}

/** Signs up, which writes the confirmation mail to the outbox; resolves with the mail's file. */
async function mailToOutbox(instance: Instance): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${instance.port}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email: `ada-${Date.now()}@example.com`, password: 'correct horse battery' }),
  });
  expect(response.status).toBe(201);
  const written = () => instance.lines().find((line) => line.msg === 'mail written to outbox');
  await vi.waitFor(() => expect(written()).toBeDefined(), { timeout: 10_000, interval: 50 });
  return written()?.file ?? '';
}

/** Waits for a scheduled backup; resolves with its file. */
async function backupTaken(instance: Instance): Promise<string> {
  const taken = () => instance.lines().find((line) => line.msg === 'backup taken and verified');
  await vi.waitFor(() => expect(taken()).toBeDefined(), { timeout: 10_000, interval: 50 });
  return taken()?.file ?? '';
}

const modeOf = (file: string) => `0${(fs.statSync(file).mode & 0o777).toString(8)}`;

/**
 * Every path under `root` (itself included) with its mode. A path that vanishes meanwhile (a
 * scheduled backup's temporary file, renamed into place) is left out.
 */
function modesUnder(root: string): Record<string, string> {
  const modes: Record<string, string> = { [root]: modeOf(root) };
  for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(root, name);
    try {
      modes[file] = modeOf(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return modes;
}

function installation() {
  const root = tempDir();
  const dataDir = path.join(root, 'data');
  const backupDir = path.join(root, 'backups');
  const folders = [dataDir, path.join(dataDir, 'outbox'), backupDir];
  /** `modes` as they are when every folder is 0700 and every file 0600. */
  const privately = (modes: Record<string, string>) =>
    Object.fromEntries(Object.keys(modes).map((file) => [file, folders.includes(file) ? '0700' : '0600']));
  return {
    dataDir,
    backupDir,
    folders,
    privately,
    env: { DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_EVERY: '1s' },
  };
}

describe('data on disk', () => {
  test('a fresh installation makes its data folder, database, outbox mail and backups private to its user', async () => {
    const { dataDir, backupDir, env } = installation();
    const server = await startServer(env);
    const mail = await mailToOutbox(server);
    const backup = await backupTaken(server);

    // While the server runs the database is in WAL mode, so its -wal and -shm are there too.
    expect(modesUnder(dataDir)).toEqual({
      [dataDir]: '0700',
      [path.join(dataDir, 'tellbox.sqlite')]: '0600',
      [path.join(dataDir, 'tellbox.sqlite-wal')]: '0600',
      [path.join(dataDir, 'tellbox.sqlite-shm')]: '0600',
      [path.join(dataDir, 'secret.key')]: '0600',
      [path.join(dataDir, 'outbox')]: '0700',
      [mail]: '0600',
    });
    expect(modeOf(backupDir)).toBe('0700');
    expect(modeOf(backup)).toBe('0600');
    // Nothing was there to tighten, so nothing is said about it.
    expect(server.lines().filter((line) => line.msg === TIGHTENED)).toEqual([]);

    server.child.kill('SIGTERM');
    expect(await server.exited, server.stderr()).toBe(0);
  });

  test('an installation that others could read is made private at start, in one log line', async () => {
    const { dataDir, backupDir, folders, privately, env } = installation();
    const before = await startServer(env);
    await mailToOutbox(before);
    await backupTaken(before);
    // Killed, as a crash or a power cut would: the database's -wal and -shm stay behind.
    before.child.kill('SIGKILL');
    await before.exited;
    expect(fs.existsSync(path.join(dataDir, 'tellbox.sqlite-wal'))).toBe(true);

    // What an earlier version left: everything readable by every local user.
    const loosened: string[] = [];
    for (const file of [...Object.keys(modesUnder(dataDir)), ...Object.keys(modesUnder(backupDir))]) {
      const folder = folders.includes(file);
      fs.chmodSync(file, folder ? 0o755 : 0o644);
      loosened.push(`${file} ${folder ? '0755 → 0700' : '0644 → 0600'}`);
    }

    const after = await startServer(env);
    const said = after.lines().filter((line) => line.msg === TIGHTENED);
    expect(said).toHaveLength(1);
    expect([...(said[0]?.tightened ?? [])].sort()).toEqual(loosened.sort());
    const now = { ...modesUnder(dataDir), ...modesUnder(backupDir) };
    expect(now).toEqual(privately(now));

    after.child.kill('SIGTERM');
    expect(await after.exited, after.stderr()).toBe(0);
  });
});
