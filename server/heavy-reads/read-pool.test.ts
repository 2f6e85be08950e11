import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, test } from 'vitest';
import { heavyReadsAtOnce } from './heavy-read-rules';
import { createReadPool, type ReadPool } from './read-pool';

type ProbeReads = {
  whereAmI(): Promise<{ threadId: number; rows: number }>;
  write(): Promise<void>;
  fail(code: string): Promise<never>;
  crash(): Promise<never>;
};

const PROBE_WORKER = new URL('./testing/probe-read-worker.ts', import.meta.url);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A WAL database holding `rows` probe rows, its writer kept open as the server keeps its own. */
function probeDatabase(rows: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-read-pool-'));
  const file = path.join(dir, 'probe.sqlite');
  const writer = new BetterSqlite3(file);
  writer.pragma('journal_mode = WAL');
  writer.exec('create table probe (value integer)');
  for (let row = 0; row < rows; row += 1) writer.exec('insert into probe (value) values (1)');
  cleanups.push(() => {
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { file, writer };
}

function pool(file: string, size = 1): ReadPool<ProbeReads> {
  const created = createReadPool<ProbeReads>({ script: PROBE_WORKER, file, size });
  cleanups.push(() => created.close());
  return created;
}

describe('the read pool', () => {
  test('runs a read on a worker thread, over its own connection, and sees what the writer committed', async () => {
    const { file, writer } = probeDatabase(3);
    const reads = pool(file);
    const first = await reads.run('whereAmI', []);
    expect(first.rows).toBe(3);
    expect(first.threadId).not.toBe(threadId);
    writer.exec('insert into probe (value) values (1)');
    expect(await reads.run('whereAmI', [])).toEqual({ threadId: first.threadId, rows: 4 });
  });

  test("a worker's connection is read-only", async () => {
    const { file } = probeDatabase(1);
    await expect(pool(file).run('write', [])).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
  });

  test('a read that fails rejects with its message and code, and the worker answers the next', async () => {
    const { file } = probeDatabase(1);
    const reads = pool(file);
    await expect(reads.run('fail', ['SQLITE_BUSY'])).rejects.toMatchObject({
      message: 'the read failed',
      code: 'SQLITE_BUSY',
    });
    expect((await reads.run('whereAmI', [])).rows).toBe(1);
  });

  test('a worker that ends mid-read fails that read only; a new worker takes the next', async () => {
    const { file } = probeDatabase(2);
    const reads = pool(file);
    const before = await reads.run('whereAmI', []);
    await expect(reads.run('crash', [])).rejects.toThrow('a read worker stopped (exit code 3) during crash');
    const after = await reads.run('whereAmI', []);
    expect(after.rows).toBe(2);
    expect(after.threadId).not.toBe(before.threadId);
  });

  test('a worker that cannot start fails the read and is reported, whether started early or by a read', async () => {
    const { file } = probeDatabase(1);
    const failures: Error[] = [];
    const missing = createReadPool<ProbeReads>({
      script: new URL('./testing/no-such-worker.ts', import.meta.url),
      file,
      size: 1,
      onWorkerError: (error) => failures.push(error),
    });
    cleanups.push(() => missing.close());
    missing.startAll();
    await expect(missing.run('whereAmI', [])).rejects.toThrow(/no-such-worker/);
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.every((failure) => /no-such-worker/.test(failure.message))).toBe(true);
  });

  test('reads still waiting when it closes are refused', async () => {
    const { file } = probeDatabase(1);
    const reads = pool(file);
    const running = reads.run('whereAmI', []).catch(() => undefined);
    const waiting = expect(reads.run('whereAmI', [])).rejects.toThrow('the read pool is closed');
    await reads.close();
    await waiting;
    await running;
    await expect(reads.run('whereAmI', [])).rejects.toThrow('the read pool is closed');
  });

  test('its size keeps a core for the event loop, and a connection of PostgreSQL’s pool for light queries', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => heavyReadsAtOnce(cores))).toEqual([1, 1, 2, 3, 4, 4]);
    expect([1, 2, 3, 10].map((poolMax) => heavyReadsAtOnce(8, poolMax))).toEqual([1, 1, 2, 4]);
  });
});
