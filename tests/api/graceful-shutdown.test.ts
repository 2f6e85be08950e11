/**
 * The real server process (docs/security-model.md D-10, R-07; docs/architecture.md,
 * "Data"): SIGTERM drains in-flight requests, closes the database cleanly and exits 0;
 * bad configuration stops it at start with a message naming the variable.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { LoginResponse, Widget } from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { VALID_WIDGET, uniqueEmail, validFeedback } from '../helpers/factories';
import { freePort } from '../helpers/free-port';
import { readWorkerBuildOptions } from '../../server/build-options';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The server is bundled once, as `npm start` does (server/build.ts), into a private folder under
 * node_modules so that its npm imports resolve and no one else's `out/` is touched.
 */
let bundleDir: string;
let bundleFile: string;

beforeAll(async () => {
  const cacheDir = path.join(ROOT, 'node_modules', '.cache');
  await fsp.mkdir(cacheDir, { recursive: true });
  bundleDir = await fsp.mkdtemp(path.join(cacheDir, 'tellbox-shutdown-test-'));
  bundleFile = path.join(bundleDir, 'server.mjs');
  await build({
    entryPoints: [path.join(ROOT, 'server/index.ts')],
    outfile: bundleFile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  // The read workers' script beside it, where the server starts them from.
  await build(readWorkerBuildOptions(bundleDir));
});
afterAll(async () => {
  // A server a failed test left running is not left behind.
  for (const { child } of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await fsp.rm(bundleDir, { recursive: true, force: true });
});

interface RunningServer {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const spawned: RunningServer[] = [];

/** Starts the bundled server with only the given environment (plus PATH and HOME). */
function spawnServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, [bundleFile], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() }));
  });
  const running = { child, stdout: () => out, stderr: () => err, exited };
  spawned.push(running);
  return running;
}

/** Polls `GET /api/health` until the server answers 200; fails at once if it exits first. */
async function waitForHealth(url: string, running: RunningServer, timeoutMs = 20_000) {
  const exitedEarly = running.exited.then(() => {
    throw new Error(`server exited early: ${running.stderr()}`);
  });
  const healthy = vi.waitFor(
    async () => {
      // A refused connection (not listening yet) or another status: polled again.
      const response = await fetch(`${url}/api/health`);
      if (response.status !== 200) throw new Error(`server answers ${response.status}`);
    },
    { timeout: timeoutMs, interval: 100 },
  );
  await Promise.race([healthy, exitedEarly]);
}

type Outcome = { status: number; body: string } | { error: string };

/**
 * A POST on its own connection that sends its headers and the first half of its body now and the
 * rest when told: it is in flight, accepted by the server, until `finish()`. `sent` resolves once
 * the headers and the half are written to the connection.
 */
function slowPost(port: number, pathName: string, body: string) {
  const payload = Buffer.from(body, 'utf8');
  const half = Math.floor(payload.length / 2);
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  const result = new Promise<Outcome>((resolve) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!match) {
        resolve({ error: `no response (${text.length} bytes)` });
        return;
      }
      resolve({ status: Number(match[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
  socket.write(
    [
      `POST ${pathName} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${payload.length}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  );
  const sent = new Promise<void>((resolve) => socket.write(payload.subarray(0, half), () => resolve()));
  return {
    sent,
    result,
    finish: () => socket.write(payload.subarray(half)),
  };
}

/** A plain POST on its own connection (no pooling), so each outcome belongs to one request. */
function quickPost(port: number, pathName: string, body: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });
}

/** A GET of /api/health on its own connection. */
function healthOn(port: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: '' }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

const isStatus = (outcome: Outcome): outcome is { status: number; body: string } => 'status' in outcome;

describe('SIGTERM with requests in flight', () => {
  let dataDir: string;
  let port: number;
  let url: string;
  let running: RunningServer;
  let api: ApiClient;
  let widget: Widget;

  beforeAll(async () => {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-shutdown-'));
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    running = spawnServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(url, running);
    api = createApiClient(url);

    const email = uniqueEmail('shutdown');
    const password = 'shutdown password';
    const registered = await api.post('/api/auth/register', { name: 'Shutdown Owner', email, password });
    expect(registered.status).toBe(201);
    // Confirm the address and grant premium straight in the file, as the server's own tests do.
    const sqlite = new BetterSqlite3(path.join(dataDir, 'tellbox.sqlite'));
    sqlite.pragma('busy_timeout = 5000');
    const future = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    const changed = sqlite
      .prepare('update users set email_confirmed_at = ? where email = ?')
      .run(new Date().toISOString(), email);
    // The account's own workspace shares its id.
    sqlite
      .prepare(
        "update workspaces set plan = 'premium', plan_expires_at = ? where id = (select id from users where email = ?)",
      )
      .run(future, email);
    sqlite.close();
    expect(changed.changes).toBe(1);
    const login = await api.post<LoginResponse>('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    const created = await api.post<{ widget: Widget }>('/api/widget', VALID_WIDGET, { token: login.body.token });
    expect(created.status).toBe(201);
    widget = created.body.widget;
    // Starts the bundled server (its migrations included) and signs up through it: on a busy 2-core
    // machine, more than the default 30 s.
  }, 60_000);

  afterAll(async () => {
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  test('drains every accepted request with a 2xx, exits 0 within 10 s, and loses nothing', async () => {
    const feedbackPath = `/api/public/widget/${widget.key}/feedback`;
    const body = (label: string) => JSON.stringify(validFeedback({ message: `shutdown ${label}` }));

    // 50 requests accepted and half-sent before the signal.
    const inFlight = Array.from({ length: 50 }, (_, i) => ({
      label: `in-flight ${i}`,
      ...slowPost(port, feedbackPath, body(`in-flight ${i}`)),
    }));
    await Promise.all(inFlight.map((request) => request.sent));
    // The server takes connections in the order they came and reads what each one holds before it
    // gets to a later one: once a request on a newer connection is answered, every one of the 50
    // has been taken and its headers read (a request under way, not an idle connection).
    expect(await healthOn(port)).toMatchObject({ status: 200 });
    expect(running.child.exitCode).toBeNull();

    // 50 more fired around the signal: each either completes or is refused, never a 5xx.
    const racing = Array.from({ length: 50 }, (_, i) => ({
      label: `racing ${i}`,
      result: quickPost(port, feedbackPath, body(`racing ${i}`)),
    }));
    // Not a wait for a result: lets some of them reach the server before the signal, to race it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const signalledAt = performance.now();
    running.child.kill('SIGTERM');
    // Shutdown has begun once the server refuses new connections (it stopped listening); only
    // then do the 50 send the rest of their bodies, so each is drained, not finished before.
    await vi.waitFor(async () => expect(await healthOn(port)).toEqual({ error: 'ECONNREFUSED' }), {
      timeout: 10_000,
      interval: 10,
    });
    for (const request of inFlight) request.finish();

    const inFlightOutcomes = await Promise.all(inFlight.map((request) => request.result));
    const racingOutcomes = await Promise.all(racing.map((request) => request.result));
    const exit = await running.exited;

    // How the server ended says why, when a request was cut (the 10 s grace forcing connections shut).
    const ending = `exit ${exit.code} ${Math.round(exit.at - signalledAt)} ms after SIGTERM: ${running.stderr()}`;
    expect(
      inFlightOutcomes.map((outcome) => (isStatus(outcome) ? outcome.status : outcome.error)),
      ending,
    ).toEqual(Array<number>(50).fill(201));
    for (const outcome of racingOutcomes) {
      if (isStatus(outcome)) expect(outcome.status).toBe(201);
      else expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(outcome.error);
    }
    expect(exit.code, running.stderr()).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    expect(running.stderr()).toBe('');
    // LOG_LEVEL=warn: pino writes JSON lines to stdout; none may be an error (50) or fatal (60).
    const logged = running
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);

    const acknowledged = [
      ...inFlight.map((request) => `shutdown ${request.label}`),
      ...racing.filter((_, i) => isStatus(racingOutcomes[i] as Outcome)).map((request) => `shutdown ${request.label}`),
    ];

    // The database was closed cleanly: the WAL was checkpointed away.
    const wal = path.join(dataDir, 'tellbox.sqlite-wal');
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);

    const sqlite = new BetterSqlite3(path.join(dataDir, 'tellbox.sqlite'), { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = sqlite.prepare('select message from feedback').all() as { message: string }[];
      const messages = new Set(stored.map((row) => row.message));
      for (const message of acknowledged) expect(messages.has(message), message).toBe(true);
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length);
      const seqs = (
        sqlite.prepare('select account_seq from feedback order by account_seq').all() as { account_seq: number }[]
      ).map((row) => row.account_seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    } finally {
      sqlite.close();
    }
  });
});

describe('bad configuration stops the server at start', () => {
  const cases: { name: string; env: Record<string, string> }[] = [
    { name: 'PORT', env: { PORT: 'abc' } },
    { name: 'RATE_LIMITS', env: { RATE_LIMITS: 'maybe' } },
    { name: 'LOG_LEVEL', env: { LOG_LEVEL: 'loud' } },
    { name: 'PUBLIC_URL', env: { PUBLIC_URL: 'javascript:alert(1)' } },
    { name: 'TRUST_PROXY', env: { TRUST_PROXY: 'yes' } },
    { name: 'DATABASE_URL', env: { DATABASE_URL: 'mysql://user:pw@localhost/tellbox' } },
  ];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-badconfig-'));
  });
  afterAll(async () => {
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  test('each bad value exits non-zero with a message naming the variable, and nothing listens', async () => {
    const port = await freePort();
    const runs = cases.map((badCase) => ({
      badCase,
      running: spawnServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        ...badCase.env,
      }),
    }));
    // No deadline of its own: a server that never stops fails the test at its timeout (afterAll kills it).
    const exits = await Promise.all(runs.map(({ running }) => running.exited));
    for (const [index, { badCase, running }] of runs.entries()) {
      const exit = exits[index] as Awaited<RunningServer['exited']>;
      expect(exit.code, `${badCase.name}: ${running.stderr()}`).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(running.stderr()).toContain(badCase.name);
      expect(running.stderr()).toMatch(/Invalid configuration/);
      expect(running.stderr()).not.toMatch(/\bat \S+ \(/);
    }
    // A database URL's password is not echoed back.
    const database = runs.find((run) => run.badCase.name === 'DATABASE_URL');
    expect(database?.running.stderr()).not.toContain('user:pw');
    expect(fs.existsSync(path.join(dataDir, 'tellbox.sqlite'))).toBe(false);
    // Six server processes load at once, about 1.5 s of CPU each: a busy 2-core machine can stretch
    // that past the default 30 s.
  }, 60_000);

  test('a PostgreSQL that cannot be reached stops the start with one line naming DATABASE_URL, without its password', async () => {
    // Port 1 on loopback refuses every connection.
    const running = spawnServer({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'postgres://user:secret-pw@127.0.0.1:1/tellbox',
    });
    // No deadline of its own either: a server that never stops fails the test at its timeout.
    const exit = await running.exited;
    expect(exit.code, running.stderr()).not.toBe(0);
    expect(running.stderr()).toContain('DATABASE_URL');
    expect(running.stderr()).toContain('127.0.0.1:1/tellbox');
    expect(running.stderr()).not.toContain('secret-pw');
    expect(running.stderr()).not.toMatch(/\bat \S+ \(/);
  });
});
