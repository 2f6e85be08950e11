/**
 * Backups for self-hosters (docs/architecture.md, "Backups"): `npm run admin -- backup <file>` and
 * `restore <file> [--force]`, run as their own processes the way an admin runs them, against a
 * server that keeps taking feedback through the public widget API at 200 requests a second.
 * SQLite in the `sqlite` project (online backup API), PostgreSQL in the `postgres` one (pg_dump).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { missingToolMessage } from '../../server/backup/pg-tools';
import type { Widget } from '../../src/shared/api';
import { createApiClient } from '../helpers/api-client';
import { createOwner, createWidget, uniqueEmail, validFeedback, type TestOwner } from '../helpers/factories';
import { runNode } from '../helpers/run-node';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { createThrowawayDatabase, testDatabaseKind, withSearchPath, type TestDatabase } from '../helpers/test-database';

const kind = testDatabaseKind();
const REQUESTS_PER_SECOND = 200;
/** Feedback acknowledged before the backup starts (and so in it): the backup waits for more than this. */
const ACKNOWLEDGED_BEFORE = 100;

function admin(args: string[], env: Record<string, string>) {
  return runNode('server/admin.ts', args, env);
}

/** The schema a test server's PostgreSQL URL puts its tables in (`options=-c search_path=…`). */
function schemaOf(databaseUrl: string): string {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  return /search_path=(\S+)/.exec(options)?.[1] ?? 'public';
}

/** An empty place to restore into: a fresh data directory, or a fresh PostgreSQL database. */
async function freshTarget(sourceUrl: string): Promise<TestDatabase & { env: Record<string, string> }> {
  if (kind === 'sqlite') {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-restore-'));
    return {
      url: path.join(dataDir, 'tellbox.sqlite'),
      kind,
      env: { DATA_DIR: dataDir },
      drop: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createThrowawayDatabase(`tellbox_restore_${randomBytes(6).toString('hex')}`);
  // The same schema name as the source's: a backup restores into the schema it was taken from.
  const url = withSearchPath(database.url, schemaOf(sourceUrl));
  return { url, kind, env: { DATABASE_URL: url }, drop: database.drop };
}

/**
 * At most this many feedback POSTs of the load are on the wire at once; the rest wait their turn
 * here. The load is sent at its pace whatever the server manages: on a busy machine, hundreds of
 * unanswered requests pile up, and as connections they overflow the server's listen backlog (511),
 * where the kernel resets them (ECONNRESET), which says nothing about the backup.
 */
const MAX_CONNECTIONS = 64;

/**
 * Runs each send once fewer than MAX_CONNECTIONS are under way. `drop()` lets go of the sends
 * still waiting: they never reached the server, so they are neither acknowledged nor refused.
 */
function connectionLimiter() {
  let open = 0;
  let dropped = false;
  const waiting: ((go: boolean) => void)[] = [];
  return {
    async run(send: () => Promise<void>): Promise<void> {
      if (open < MAX_CONNECTIONS) open += 1;
      else if (!(await new Promise<boolean>((resolve) => waiting.push(resolve)))) return;
      try {
        await send();
      } finally {
        // The slot goes straight to the next waiting send, if any.
        const next = dropped ? undefined : waiting.shift();
        if (next) next(true);
        else open -= 1;
      }
    },
    drop() {
      dropped = true;
      for (const go of waiting.splice(0)) go(false);
    },
  };
}

/** A visitor's feedback POST, on a connection of its own (none is reused after the server closed it). */
function postFeedback(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Feedback sent at an even `perSecond` pace until stopped; remembers when each 201 arrived. */
function startLoad(baseUrl: string, widget: Widget, perSecond: number) {
  const acknowledged: { message: string; at: number }[] = [];
  const refused: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let stopped: number | undefined;
  let sent = 0;
  let running = true;
  const limiter = connectionLimiter();
  const pace = (async () => {
    while (running) {
      const wait = started + (sent * 1000) / perSecond - performance.now();
      // The pace of the load (REQUESTS_PER_SECOND), not a wait for a result.
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const message = `Load ${sent} ${randomBytes(4).toString('hex')}`;
      sent += 1;
      const body = JSON.stringify(validFeedback({ message }));
      const request = limiter.run(() =>
        postFeedback(`${baseUrl}/api/public/widget/${widget.key}/feedback`, body).then(
          (response) => {
            if (response.status === 201) acknowledged.push({ message, at: performance.now() });
            else refused.push(`${response.status} ${response.text}`);
          },
          (error: Error) => {
            refused.push(`no answer: ${error.message}`);
          },
        ),
      );
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
  })();
  return {
    acknowledged,
    refused,
    sent: () => sent,
    /** How long requests were being sent (not counting the wait for the last answers). */
    elapsedMs: () => (stopped ?? performance.now()) - started,
    /** Stops sending: what is on the wire is answered, what still waits for a connection is dropped. */
    async stop() {
      running = false;
      await pace;
      stopped = performance.now();
      limiter.drop();
      await Promise.all(inFlight);
    },
  };
}

/** The row count the backup command printed for `table`. */
function printedRows(stdout: string, table: string): number {
  const line = stdout.split('\n').find((text) => text.startsWith(`${table} `));
  return Number(line?.trim().split(/\s+/).at(-1));
}

function sqliteIntegrity(file: string): string {
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return (sqlite.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join();
  } finally {
    sqlite.close();
  }
}

describe(`backup and restore (${kind})`, () => {
  let source: TestServer;
  let owner: TestOwner;
  let backupDir: string;
  let backupFile: string;
  let target: Awaited<ReturnType<typeof freshTarget>>;
  let acknowledgedBefore: string[];

  beforeAll(async () => {
    source = await startTestServer();
    const api = createApiClient(source.url);
    owner = await createOwner(source, api, { plan: 'premium' });
    backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-backups-'));
    backupFile = path.join(backupDir, kind === 'sqlite' ? 'tellbox.sqlite' : 'tellbox.pgdump');
    target = await freshTarget(source.databaseUrl);
  });
  afterAll(async () => {
    await source.close();
    await target.drop();
    await fs.rm(backupDir, { recursive: true, force: true });
  });

  test('a backup taken under 200 feedback a second restores into an empty place with every feedback acknowledged before it', async () => {
    const api = createApiClient(source.url);
    const widget = await createWidget(api, owner);
    const load = startLoad(source.url, widget, REQUESTS_PER_SECOND);
    let backup;
    let backupStarted = 0;
    let backupEnded = 0;
    try {
      // Load first, until the server has acknowledged enough feedback for the backup to hold.
      await vi.waitFor(() => expect(load.acknowledged.length).toBeGreaterThan(ACKNOWLEDGED_BEFORE), {
        timeout: 20_000,
        interval: 20,
      });
      backupStarted = performance.now();
      backup = await admin(['backup', backupFile], { DATABASE_URL: source.databaseUrl });
      backupEnded = performance.now();
    } finally {
      await load.stop();
    }
    expect(backup.code, backup.stderr).toBe(0);
    expect(load.refused).toEqual([]);
    // The pace held: about 200 a second over the whole run, not a burst.
    expect(load.sent()).toBeGreaterThan((load.elapsedMs() / 1000) * REQUESTS_PER_SECOND * 0.8);
    acknowledgedBefore = load.acknowledged.filter((entry) => entry.at < backupStarted).map((entry) => entry.message);
    const acknowledgedDuring = load.acknowledged.filter((entry) => entry.at > backupStarted && entry.at < backupEnded);
    expect(acknowledgedBefore.length).toBeGreaterThan(ACKNOWLEDGED_BEFORE);
    // Writes went on while the backup ran: the copy had to be consistent under them.
    expect(acknowledgedDuring.length).toBeGreaterThan(20);

    // The command's report: rows per table, the file's size, and the check it passed.
    const feedbackInBackup = printedRows(backup.stdout, 'feedback');
    expect(feedbackInBackup).toBeGreaterThanOrEqual(acknowledgedBefore.length);
    expect(printedRows(backup.stdout, 'users')).toBe(1);
    const { size } = await fs.stat(backupFile);
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backup written to ${backupFile} \\(\\d+(\\.\\d)? (KB|MB)\\) and verified \\(${
          kind === 'sqlite' ? 'integrity_check ok' : 'pg_restore --list ok'
        }\\): \\d+ rows in \\d+ tables\\.$`,
        'm',
      ),
    );
    expect(size).toBeGreaterThan(0);
    // Nothing but the backup is left in its folder (no partial file).
    expect(await fs.readdir(backupDir)).toEqual([path.basename(backupFile)]);

    const restored = await admin(['restore', backupFile], target.env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ rows in \d+ tables into .*\. Start the server on it\.$/m);
    if (kind === 'sqlite') expect(sqliteIntegrity(target.url)).toBe('ok');

    // A server started on the restored data works as it is (its migrations are all there).
    const onRestored = await startTestServer({ database: target });
    try {
      const messages = new Set(
        (await onRestored.db.selectFrom('feedback').select('message').execute()).map((row) => row.message),
      );
      expect(messages.size).toBe(feedbackInBackup);
      expect(acknowledgedBefore.filter((message) => !messages.has(message))).toEqual([]);
      const restoredApi = createApiClient(onRestored.url);
      const login = await restoredApi.post('/api/auth/login', { email: owner.email, password: owner.password });
      expect(login.status, login.text).toBe(200);
      const inbox = await restoredApi.get('/api/feedback?limit=1', { token: owner.token });
      expect(inbox.status, inbox.text).toBe(200);
    } finally {
      await onRestored.close();
    }
    // Two admin processes (backup, restore) and a server on the restored data, beside 200 requests
    // a second: more than the default 30 s on a busy 2-core machine.
  }, 90_000);

  test('restore refuses a target that holds data, naming it, and replaces it with --force', async () => {
    expect(acknowledgedBefore.length).toBeGreaterThan(0);
    // Someone signs up on the restored installation: it is no longer empty.
    const later = uniqueEmail('after-restore');
    const running = await startTestServer({ database: target });
    try {
      await createOwner(running, createApiClient(running.url), { email: later });
    } finally {
      await running.close();
    }

    const refused = await admin(['restore', backupFile], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty \(.*\): restore refuses to replace it\. .*--force to replace it\.\n$/);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stdout).toBe('');

    const kept = await startTestServer({ database: target });
    try {
      const users = await kept.db.selectFrom('users').select('email').execute();
      expect(users.map((user) => user.email)).toContain(later);
    } finally {
      await kept.close();
    }

    const forced = await admin(['restore', backupFile, '--force'], target.env);
    expect(forced.code, forced.stderr).toBe(0);
    const replaced = await startTestServer({ database: target });
    try {
      const users = await replaced.db.selectFrom('users').select('email').execute();
      expect(users.map((user) => user.email)).toEqual([owner.email]);
      const messages = new Set(
        (await replaced.db.selectFrom('feedback').select('message').execute()).map((row) => row.message),
      );
      expect(acknowledgedBefore.filter((message) => !messages.has(message))).toEqual([]);
    } finally {
      await replaced.close();
    }
  });

  test('a backup never writes over an existing file', async () => {
    const before = await fs.readFile(backupFile);
    const again = await admin(['backup', backupFile], { DATABASE_URL: source.databaseUrl });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`${backupFile} already exists: choose another file name.\n`);
    expect((await fs.readFile(backupFile)).equals(before)).toBe(true);
  });

  // pg_dump is PostgreSQL's tool: the test exists in the postgres project only (none skipped on SQLite).
  if (kind === 'postgres')
    test('without pg_dump on PATH, the backup fails with one plain line and exit code 1', async () => {
      const file = path.join(backupDir, 'no-pg-dump.pgdump');
      const result = await admin(['backup', file], {
        DATABASE_URL: source.databaseUrl,
        // Node alone: no PostgreSQL client tools.
        PATH: path.dirname(process.execPath),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`${missingToolMessage('pg_dump')}\n`);
      expect(result.stderr).toContain('apt-get install postgresql-client');
      expect(result.stdout).toBe('');
      expect(await fs.readdir(backupDir)).not.toContain('no-pg-dump.pgdump');
      expect((await fs.readdir(backupDir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
    });
});
