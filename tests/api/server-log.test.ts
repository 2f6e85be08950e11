/**
 * The server's log as its reader gets it: the real server started in a pseudo-terminal (util-linux
 * `script`) writes readable lines, and the confirmation link of a sign-up (no SMTP: the mail goes
 * to the outbox) stands on a line of its own; started with its output piped, it writes JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { freePort } from '../helpers/free-port';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) stop(child);
  await Promise.all(dirs.map((dir) => fsp.rm(dir, { recursive: true, force: true })));
});

/** Ends a started server: `script` and the server share a process group of their own. */
function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Starts the server from source, in a terminal or with its output piped; returns what it writes. */
async function startServer(inTerminal: boolean) {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-log-test-'));
  dirs.push(dataDir);
  const port = await freePort();
  const command = [process.execPath, '--import', 'tsx', 'server/index.ts'];
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    TERM: 'xterm',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMITS: 'off',
  };
  const child = inTerminal
    ? spawn('script', ['-qfec', command.map((part) => `'${part}'`).join(' '), '/dev/null'], {
        cwd: ROOT,
        env,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn(command[0]!, command.slice(1), { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      expect(output).toContain('Tellbox is listening');
    },
    { timeout: 40_000, interval: 100 },
  );
  return { url: `http://127.0.0.1:${port}`, output: () => output, child };
}

async function signUp(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email, password: 'correct horse battery staple' }),
  });
  expect(response.status).toBe(201);
}

// Strips colours and the terminal's CR before LF, so lines compare as text.
// eslint-disable-next-line no-control-regex -- ANSI escapes are what this removes
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r\n/g, '\n');

describe('the log', () => {
  test('in a terminal: readable lines, and the confirmation link of a sign-up stands on its own line', async () => {
    const server = await startServer(true);
    expect(plain(server.output())).toMatch(/^\d\d:\d\d:\d\d INFO {3}Tellbox is listening$/m);
    await signUp(server.url, 'ada@example.com');
    await vi.waitFor(() => expect(server.output()).toContain('saved as'), { timeout: 10_000 });
    const text = plain(server.output());
    expect(text).toMatch(
      /INFO {3}✉ Mail to ada@example\.com: .+\n {16}→ http:\/\/127\.0\.0\.1:\d+\/confirm-email\?token=\S+\n/,
    );
    // No JSON record reached the terminal.
    expect(text).not.toMatch(/^\{"level"/m);
    stop(server.child);
  }, 60_000);

  test('piped: one JSON object per line, the link in its field', async () => {
    const server = await startServer(false);
    await signUp(server.url, 'grace@example.com');
    await vi.waitFor(() => expect(server.output()).toContain('mail written to outbox'), { timeout: 10_000 });
    const records = server
      .output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((record) => record.msg)).toContain('Tellbox is listening');
    const mail = records.find((record) => record.msg === 'mail written to outbox');
    expect(mail).toMatchObject({ to: 'grace@example.com', link: expect.stringMatching(/\/confirm-email\?token=/) });
    stop(server.child);
  }, 60_000);
});
