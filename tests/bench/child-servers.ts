/**
 * Server processes for the bench: a free loopback port, start, wait until it accepts
 * connections, stop. Every wait is bounded so a broken server fails the bench instead of
 * hanging CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** How long a server may take from spawn to accepting connections. */
const START_TIMEOUT_MS = 20_000;
/** How long a server gets to exit after SIGTERM (it finishes in-flight requests) before SIGKILL. */
const STOP_TIMEOUT_MS = 15_000;
/** Output kept per child, to explain a crash. */
const MAX_OUTPUT_CHARS = 8_000;

export interface ChildServer {
  name: string;
  port: number;
  url: string;
  /** CPU seconds (user + system, all threads) the process has used so far; undefined off Linux. */
  cpuSeconds(): number | undefined;
  /** Resident memory in bytes (VmRSS); undefined off Linux. */
  rssBytes(): number | undefined;
  /** The last few kilobytes of the child's stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL after a grace period; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A port nobody listens on right now (the kernel picks it; the race until reuse is negligible). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Linux reports utime/stime in USER_HZ, which is 100 on every architecture Node runs on. */
const USER_HZ = 100;

function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return undefined;
  }
}

function rssBytesOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const running = new Set<ChildProcess>();

/** Kills every child still running; for the bench's exit paths (errors, Ctrl-C). */
export function killAllChildren() {
  for (const child of running) if (!exited(child)) child.kill('SIGKILL');
}

/** Spawns `command args` with `env`, and resolves once it accepts connections on `port`. */
export async function startChildServer(options: {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
}): Promise<ChildServer> {
  const { name, port } = options;
  const child = spawn(options.command, options.args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const server: ChildServer = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    rssBytes: () => rssBytesOf(child.pid),
    output: () => output,
    async stop() {
      if (!exited(child)) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
          child.kill('SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
      return child.exitCode;
    },
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`${name} exited before listening (code ${child.exitCode}):\n${output}`);
    if (await canConnect(port)) return server;
    // A poll interval: a child says nothing when it listens (the servers log at warn), so ask again.
    await sleep(50);
  }
  await server.stop();
  throw new Error(`${name} did not listen on port ${port} within ${START_TIMEOUT_MS} ms:\n${output}`);
}

/**
 * The environment for a child: ours, minus NODE_OPTIONS, so tsx's loader (or a profiler flag
 * meant for the bench itself) does not leak into the servers being measured.
 */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
}
