/**
 * A PostgreSQL of the test's own, on loopback, that the fault suite stops and starts at will. The
 * machine's shared one serves other suites in parallel and is never touched.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../helpers/free-port';

const run = promisify(execFile);

/** The newest PostgreSQL under /usr/lib/postgresql (Debian's layout). */
function postgresBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs
    .readdirSync(base)
    .filter((version) => fs.existsSync(path.join(base, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`no PostgreSQL server under ${base}`);
  return path.join(base, versions[0] as string, 'bin');
}

const isRoot = () => process.getuid?.() === 0;

/** initdb and the server refuse to run as root: as root, they run as the `postgres` user. */
async function asPostgres(command: string, args: string[]) {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return run(file, argv, { timeout: 60_000 });
}

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trust auth. */
  url: string;
  port: number;
  /** Fast shutdown: open connections are terminated, as in a restart or a failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await fsp.chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const port = await freePort();
  const pgCtl = (...args: string[]) => asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  let running = false;
  // pg_ctl leaves the server running on its own: a test process that ends without its afterAll
  // (a crash, a kill) must not leave it behind.
  const stopOnExit = () => {
    const [file, argv] = isRoot()
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop']]
      : [path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']];
    if (running) execFileSync(file, argv, { stdio: 'ignore', timeout: 10_000 });
  };
  process.once('exit', stopOnExit);
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgCtl('-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start');
      running = true;
    },
    async stop() {
      await pgCtl('-m', 'fast', '-w', 'stop');
      running = false;
    },
    async destroy() {
      process.removeListener('exit', stopOnExit);
      if (running) await server.stop().catch(() => undefined);
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await asPostgres(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '--encoding=UTF8',
      '--no-instructions',
    ]);
    await server.start();
  } catch (error) {
    await server.destroy();
    throw error;
  }
  return server;
}
