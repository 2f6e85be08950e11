/**
 * On a Node older than package.json's engines allows, `npm start` and the built server say so in
 * one line and exit 1, before anything that could crash there runs (issue 30, item 8: on Node 20,
 * better-sqlite3's native module ended `npm start` with nothing but "Segmentation fault").
 *
 * It runs a real old Node: Debian's /usr/bin/node (Node 20 on our machines and on CI), or the one
 * OLD_NODE_PATH names. Without one the suite fails, saying how to get one: passing without having
 * run anything would hide a broken check.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverBuildOptions } from '../../server/build-options';
import { SUPPORTED_NODE, unsupportedNodeMessage } from '../../server/node-version/supported-node.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface OldNode {
  file: string;
  version: string;
  /** The one line Tellbox must print on it. */
  line: string;
}

function findOldNode(): OldNode {
  const file = process.env.OLD_NODE_PATH ?? '/usr/bin/node';
  const answer = spawnSync(file, ['--version'], { encoding: 'utf8' });
  const version = answer.status === 0 ? answer.stdout.trim() : undefined;
  const line = `Tellbox needs Node 22.13 or later (this is ${version})`;
  if (version === undefined || unsupportedNodeMessage(version) !== line) {
    throw new Error(
      `This suite needs a Node older than 22.13 (engines: ${SUPPORTED_NODE}) at ${file}, and found ` +
        `${version ?? 'none'}. Debian 12's nodejs (Node 20) is one; elsewhere run ` +
        '`bash .ci/install-node.sh 20 /tmp/old-node` and set OLD_NODE_PATH=/tmp/old-node/node/bin/node.',
    );
  }
  return { file, version, line };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` from the repository's root with only PATH, HOME and `env`; killed after 60 s. */
function run(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let oldNode: OldNode;
/** Where each run points DATA_DIR: the server makes it first thing, so it must never appear. */
let dataDir: string;
let bundleDir: string;

beforeAll(async () => {
  oldNode = findOldNode();
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-old-node-')), 'data');
  // Under node_modules, so that the bundle's npm imports would resolve if it ever got past the check.
  const cacheDir = path.join(ROOT, 'node_modules', '.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  bundleDir = fs.mkdtempSync(path.join(cacheDir, 'tellbox-old-node-test-'));
  await build(serverBuildOptions(bundleDir));
});

afterAll(() => {
  if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
});

describe('on a Node older than engines allows', () => {
  test('the built server prints one line and exits 1 before it does anything', async () => {
    const result = await run(oldNode.file, [path.join(bundleDir, 'index.js')], { DATA_DIR: dataDir });
    expect(result).toEqual({ code: 1, stdout: '', stderr: `${oldNode.line}\n` });
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  test('`npm start` prints the same one line and exits 1 before it builds anything', async () => {
    // The user's old Node first on PATH, as on a Debian machine that has nothing else; npm's
    // `node` is then that one too.
    const result = await run('npm', ['start'], {
      PATH: `${path.dirname(oldNode.file)}${path.delimiter}${process.env.PATH ?? ''}`,
      DATA_DIR: dataDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${oldNode.line}\n`);
    // stdout holds only npm's own echo of the script (`> tellbox@0.1.0 start`, `> node …`): no
    // "start: building …" from the build step, nothing from the server.
    expect(result.stdout.split('\n').filter((line) => line !== '' && !line.startsWith('> '))).toEqual([]);
    expect(result.stdout).toContain('> tellbox@');
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
