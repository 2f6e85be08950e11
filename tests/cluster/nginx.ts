/**
 * Debian's nginx in front of test instances, configured from the repository's own
 * deploy/nginx/tellbox.conf: the test swaps only the addresses (upstreams, listen ports) and drops
 * the certificate lines, so what runs here is what an admin deploys.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/free-port';
import { ROOT, sleep } from './tellbox-processes';

export const NGINX_BINARY = '/usr/sbin/nginx';
export const NGINX_CONF = path.join(ROOT, 'deploy/nginx/tellbox.conf');

export interface LoopbackPorts {
  /** Instances' ports, in upstream order. */
  upstreams: number[];
  /** Where the HTTPS server block listens instead of 443 (plain HTTP here). */
  mainPort: number;
  /** Where the port-80 redirect block listens. */
  redirectPort: number;
}

/** The index just past the `}` that closes the block opened at or after `from`. */
function blockEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = text.indexOf('{', from); i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error('unbalanced braces in the nginx configuration');
}

/**
 * The repository's configuration with loopback addresses. Throws when the file no longer has the
 * shape this relies on (one `upstream tellbox` of `server` lines with the same parameters, a
 * `listen 80` and a `listen 443 ssl` block), so the file and the test cannot drift apart unseen.
 */
export function loopbackConfig(source: string, ports: LoopbackPorts): string {
  const start = source.search(/^upstream tellbox \{/m);
  if (start === -1) throw new Error('tellbox.conf has no `upstream tellbox {` block');
  const end = blockEnd(source, start);
  const upstream = source.slice(start, end);
  const serverLine = /^([ \t]*)server[ \t]+\S+([ \t]+[^;]*)?;[ \t]*$/gm;
  const servers = [...upstream.matchAll(serverLine)];
  if (servers.length === 0) throw new Error('the upstream has no server lines');
  const params = new Set(servers.map((match) => (match[2] ?? '').trim()));
  if (params.size !== 1)
    throw new Error(`the upstream's server lines differ in parameters: ${[...params].join(' | ')}`);
  const [indent, param] = [servers[0]?.[1] ?? '    ', [...params][0] ?? ''];
  const ours = ports.upstreams.map((port) => `${indent}server 127.0.0.1:${port} ${param};`.trimEnd()).join('\n');
  let replaced = false;
  const newUpstream = upstream.replace(serverLine, () => {
    if (replaced) return '';
    replaced = true;
    return ours;
  });

  let config = source.slice(0, start) + newUpstream + source.slice(end);
  const lines = config.split('\n');
  let http = 0;
  let https = 0;
  config = lines
    .flatMap((line) => {
      const listen = /^(\s*)listen\s+([^;]+);/.exec(line);
      if (listen) {
        const [, space = '', what = ''] = listen;
        if (what.startsWith('[::]')) return [];
        if (/^80\b/.test(what)) {
          http += 1;
          return [`${space}listen 127.0.0.1:${ports.redirectPort};`];
        }
        if (/^443\b/.test(what) && /\bssl\b/.test(what)) {
          https += 1;
          return [`${space}listen 127.0.0.1:${ports.mainPort};`];
        }
        throw new Error(`unexpected listen line: ${line.trim()}`);
      }
      return /^\s*ssl_/.test(line) ? [] : [line];
    })
    .join('\n');
  if (http !== 1 || https !== 1) throw new Error(`expected one listen 80 and one listen 443 ssl (${http}, ${https})`);
  return config;
}

/**
 * A whole nginx.conf around the site configuration: one worker (two shared cores), the master in
 * the foreground, every path it writes inside `dir` (Debian's build points the temp paths at
 * /var/lib/nginx), the error log at warn so failovers are written there.
 */
export function wrapperConfig(site: string, dir: string): string {
  const at = (name: string) => path.join(dir, name);
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 2048; }',
    'http {',
    '    access_log off;',
    `    client_body_temp_path ${at('client-body')};`,
    `    proxy_temp_path ${at('proxy')};`,
    `    fastcgi_temp_path ${at('fastcgi')};`,
    `    uwsgi_temp_path ${at('uwsgi')};`,
    `    scgi_temp_path ${at('scgi')};`,
    site,
    '}',
    '',
  ].join('\n');
}

export interface RunningNginx {
  /** The main server block, e.g. `http://127.0.0.1:41234`. */
  url: string;
  redirectUrl: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx on loopback in front of `upstreams`; resolves once it proxies /api/health. */
export async function startNginx(upstreams: number[]): Promise<RunningNginx> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-nginx-'));
  // nginx's worker runs as an unprivileged user when nginx starts as root: it must reach its temp paths.
  await fsp.chmod(dir, 0o755);
  const ports: LoopbackPorts = { upstreams, mainPort: await freePort(), redirectPort: await freePort() };
  const confFile = path.join(dir, 'nginx.conf');
  const site = loopbackConfig(await fsp.readFile(NGINX_CONF, 'utf8'), ports);
  await fsp.writeFile(confFile, wrapperConfig(site, dir));
  const errorLogFile = path.join(dir, 'error.log');
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', `${dir}/`, '-e', errorLogFile, '-c', confFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // A test process that ends without its afterAll (a crash) must not leave nginx behind. TERM, so
  // that the master stops its worker too.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.removeListener('exit', killOnExit);
      resolve();
    }),
  );
  const errorLog = () => (fs.existsSync(errorLogFile) ? fs.readFileSync(errorLogFile, 'utf8') : '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // TERM is nginx's fast shutdown: open connections (event streams) are not waited for.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await fsp.rm(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${ports.mainPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited at start: ${output}\n${errorLog()}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not proxy /api/health: ${output}\n${log}`);
    }
    await sleep(50); // poll interval, not a wait for a result: the loop ends on a 200 or at the deadline
  }
  return { url, redirectUrl: `http://127.0.0.1:${ports.redirectPort}`, errorLog, stop };
}
