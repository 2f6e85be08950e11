/**
 * Real Tellbox server processes for the cluster suites: server/index.ts bundled once as `npm start`
 * bundles it, then started with nothing but the environment an admin would give each instance.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { readWorkerBuildOptions } from '../../server/build-options';
import { freePort } from '../helpers/free-port';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerBundle {
  file: string;
  dispose(): Promise<void>;
}

/**
 * Bundles the server into a private folder under node_modules/.cache, so that its npm imports
 * resolve and nobody else's `out/` is touched.
 */
export async function bundleServer(): Promise<ServerBundle> {
  const cacheDir = path.join(ROOT, 'node_modules', '.cache');
  await fsp.mkdir(cacheDir, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(cacheDir, 'tellbox-cluster-'));
  const file = path.join(dir, 'server.mjs');
  await build({
    entryPoints: [path.join(ROOT, 'server/index.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  // The read workers' script beside it, where the server starts them from.
  await build(readWorkerBuildOptions(dir));
  return { file, dispose: () => fsp.rm(dir, { recursive: true, force: true }) };
}

export interface Instance {
  name: string;
  port: number;
  /** e.g. `http://127.0.0.1:41234`: the instance itself, without nginx. */
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
}

/** Starts one instance with only `env` (plus PATH, HOME, PORT, HOST and its own DATA_DIR for the mail outbox). */
export async function startInstance(
  bundle: ServerBundle,
  name: string,
  env: Record<string, string>,
): Promise<Instance> {
  const port = await freePort();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), `tellbox-${name}-`));
  const child = spawn(process.execPath, [bundle.file], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // A test process that ends without its afterAll (a crash) must not leave servers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      process.removeListener('exit', killOnExit);
      void fsp.rm(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    });
  });
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
  };
}

export interface HealthAnswer {
  status: string;
  database?: string;
  redis?: string;
}

/** GET /api/health, or undefined while nothing answers. */
export async function healthOf(url: string): Promise<{ status: number; body: HealthAnswer } | undefined> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return { status: response.status, body: (await response.json()) as HealthAnswer };
  } catch {
    return undefined;
  }
}

/**
 * Waits until the instance answers its health check with 200 and, once it reports Redis, Redis
 * `ok`: its event and cache channels are subscribed then, so a test's first message is not lost.
 */
export async function waitUntilServing(instance: Instance, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!instance.isRunning()) throw new Error(`${instance.name} exited at start:\n${instance.output()}`);
    const health = await healthOf(instance.url);
    if (health?.status === 200 && (health.body.redis === undefined || health.body.redis === 'ok')) return;
    if (Date.now() > deadline) throw new Error(`${instance.name} did not become healthy:\n${instance.output()}`);
    await sleep(100); // poll interval, not a wait for a result: the loop ends on healthy or at the deadline
  }
}

/** SIGTERM, as a deployment stops an instance; SIGKILL if it is still there after `graceMs`. */
export async function stopInstance(instance: Instance, graceMs = 15_000) {
  if (!instance.isRunning()) return instance.exited;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), graceMs);
  try {
    return await instance.exited;
  } finally {
    clearTimeout(timer);
  }
}

interface LogLine {
  level: number;
  msg: string;
}

/** The instance's pino lines at `minLevel` or above (50: error, 40: warn). */
export function logLinesOf(instance: Instance, minLevel: number): LogLine[] {
  return instance
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return { level: 60, msg: line };
      }
    })
    .filter((line) => line.level >= minLevel);
}
