/**
 * The real server process, `node --import tsx server/index.ts`, started on a free port with only
 * PATH, HOME and the given environment, its JSON log lines read as they come: for suites that
 * check what a whole process does (its files, its schedules, its start-up log).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerInstance<Line extends { msg: string }> {
  port: number;
  child: ChildProcess;
  /** The log lines printed so far (pino's JSON). */
  lines: () => Line[];
  stderr: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Kills the process if it still runs and waits for its end. */
  stop: () => Promise<void>;
}

export interface ServerInstanceOptions {
  /** The process's umask, e.g. `022` (what most systems give a service); the parent's otherwise. */
  umask?: string;
}

export async function startServerInstance<Line extends { msg: string }>(
  env: Record<string, string>,
  options: ServerInstanceOptions = {},
): Promise<ServerInstance<Line>> {
  const port = await freePort();
  const server = [process.execPath, '--import', 'tsx', 'server/index.ts'];
  const [command, ...args] = options.umask
    ? ['/bin/sh', '-c', `umask ${options.umask} && exec "$0" "$@"`, ...server]
    : server;
  const child = spawn(command ?? process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      LOG_LEVEL: 'info',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Line);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return { port, child, lines, stderr: () => stderr, exited, stop };
}
