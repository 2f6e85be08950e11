/**
 * The inbox's CSV export at depth: every one of the million seeded rows must stream out, parsed
 * back with csv-parse as it arrives, while the server's resident memory (VmRSS, sampled every
 * 50 ms) grows by at most EXPORT_MEMORY_BUDGET_BYTES, on each database. An export that kept the
 * rows (over 300 MB of CSV) would show them all.
 */
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { BenchDatabase } from './bench-database';
import type { ChildServer } from './child-servers';
import type { BudgetCheck } from './widget-bench';

/** How much the server's resident memory may grow while it streams the whole inbox as CSV. */
const EXPORT_MEMORY_BUDGET_BYTES = 100 * 1024 * 1024;
const EXPORT_TIMEOUT_MS = 10 * 60_000;
const MB = 1024 * 1024;

export interface InboxExportBench {
  server: ChildServer;
  database: BenchDatabase;
  widgetId: string;
  rows: number;
  auth: Record<string, string>;
}

/**
 * Streams `/api/feedback/export?format=csv&widgetId=…` on a connection of its own (a pooled one left
 * idle while the rows were seeded may be closed by the server just as it is reused) and counts the
 * records csv-parse reads back, the header aside.
 */
function exportedRecords(server: ChildServer, widgetId: string, auth: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/feedback/export?format=csv&widgetId=${widgetId}`,
      { headers: auth, agent: false, timeout: EXPORT_TIMEOUT_MS },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`export answered ${response.statusCode}`));
          return;
        }
        let records = 0;
        const parser = parse({ bom: true, from_line: 2 });
        parser.on('data', () => {
          records += 1;
        });
        pipeline(response, parser).then(() => resolve(records), reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('the export timed out')));
    request.on('error', reject);
  });
}

/** Runs `work` while sampling the server's memory; returns how far it rose above where it started. */
async function memoryGrowth<T>(server: ChildServer, work: () => Promise<T>) {
  const before = server.rssBytes();
  if (before === undefined) throw new Error("the server's memory can't be read (no /proc)");
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssBytes() ?? 0);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, server.rssBytes() ?? 0);
    return { result, growth: peak - before, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchInboxExport(bench: InboxExportBench): Promise<BudgetCheck> {
  const { server, database, widgetId, rows, auth } = bench;
  const exported = await memoryGrowth(server, () => exportedRecords(server, widgetId, auth));
  const grouped = (count: number) => count.toLocaleString('en-US').replaceAll(',', ' ');
  return {
    ok: exported.result === rows && exported.growth <= EXPORT_MEMORY_BUDGET_BYTES,
    text:
      `CSV export (${database.label}): ${grouped(exported.result)} of ${grouped(rows)} rows streamed in ` +
      `${exported.seconds.toFixed(1)} s; the server's memory grew ${(exported.growth / MB).toFixed(1)} MB, ` +
      `budget ≤ ${EXPORT_MEMORY_BUDGET_BYTES / MB} MB`,
  };
}
