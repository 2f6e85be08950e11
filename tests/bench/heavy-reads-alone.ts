/**
 * The heavy-reads line of `npm run bench` (heavy-reads.ts) on its own, on SQLite and PostgreSQL:
 * `npx tsx tests/bench/heavy-reads-alone.ts`. It builds the server, seeds the inbox as the inbox
 * bench does (BENCH_INBOX_ROWS rows, e.g. BENCH_INBOX_ROWS=200000; BENCH_SECONDS per wrk run) and
 * prints the line for each database; exits 1 when one fails. BENCH_NODE_ARGS as for run.ts. For looking at this line alone (the
 * issue's numbers, an older checkout), not for CI: run.ts measures it beside the inbox bench.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createThrowawayPostgres, sqliteBenchDatabase, type BenchDatabase } from './bench-database';
import { benchSize } from './bench-profile';
import { killAllChildren } from './child-servers';
import { benchHeavyReads } from './heavy-reads';
import { openInbox, seedInbox } from './inbox-depth-bench';
import { buildServer } from './tellbox-server';
import type { BudgetCheck } from './widget-bench';
import { assertWrkInstalled } from './wrk';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Extra node flags for the server, as run.ts takes them (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

async function measure(database: BenchDatabase, dataDir: string, rows: number): Promise<BudgetCheck> {
  const inbox = await openInbox({ root: ROOT, dataDir, database, logLevel: 'warn', nodeArgs: NODE_ARGS, rows });
  try {
    await seedInbox(inbox);
    console.log(`${database.label}: ${rows} rows seeded in ${inbox.seedSeconds.toFixed(1)} s`);
    // SQLite's seeding held this process: the server has since closed the idle connections fetch
    // pooled before it, and their close is read on the next turn of the event loop, not before a
    // request reuses one.
    await new Promise(setImmediate);
    return await benchHeavyReads({
      server: inbox.server,
      database,
      bigAuth: inbox.auth,
      seconds: benchSize('BENCH_SECONDS'),
    });
  } catch (error) {
    console.log(`the server's last output:\n${inbox.server.output()}`);
    throw error;
  } finally {
    await inbox.server.stop();
  }
}

async function main(): Promise<number> {
  assertWrkInstalled();
  const rows = benchSize('BENCH_INBOX_ROWS');
  buildServer(ROOT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-heavy-reads-'));
  const postgres = await createThrowawayPostgres();
  try {
    const checks = [
      await measure(sqliteBenchDatabase(dataDir), dataDir, rows),
      await measure(postgres, path.join(dataDir, 'postgres-server'), rows),
    ];
    for (const check of checks) console.log(`${check.ok ? 'PASS' : 'FAIL'} ${check.text}`);
    return checks.every((check) => check.ok) ? 0 : 1;
  } finally {
    await postgres.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    killAllChildren();
    console.error(error instanceof Error ? error.stack : String(error));
    process.exit(1);
  });
