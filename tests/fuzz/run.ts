/**
 * `npm run fuzz`: property-based requests built from the OpenAPI document (server/openapi) against
 * the real app, on SQLite and then on PostgreSQL. 10 000 requests per public operation and 1 000
 * per owner operation by default; every answer must be below 500 and allowed by the document, and
 * the database must pass its integrity checks afterwards. Prints the shrunk failing cases, then
 * one summary line per database, and exits non-zero when any count is not 0 or a check failed.
 *
 *   npm run fuzz                          both databases, full size
 *   npm run fuzz -- --db sqlite           one database
 *   npm run fuzz -- --scale 0.1           a tenth of the requests
 *   npm run fuzz -- --runs 50             50 requests per operation, public or not
 *   npm run fuzz -- --seed 42             replay a run (the seed is printed at the start)
 *   npm run fuzz -- --concurrency 8       operations fuzzed at once
 *
 * PostgreSQL runs on a throwaway database made on the machine's server (TEST_POSTGRES_URL,
 * default postgres://postgres@127.0.0.1:5432/test) and dropped at the end, even when the run fails.
 */
import { parseArgs } from 'node:util';
import { RUN_DATABASE_URL_VARIABLE, createThrowawayDatabase } from '../helpers/test-database';
import { runFuzzSession, summaryLine, summaryPassed, type FuzzSessionOptions, type FuzzSummary } from './fuzz-session';

const PUBLIC_RUNS = 10_000;
const OWNER_RUNS = 1_000;

const { values } = parseArgs({
  options: {
    db: { type: 'string', multiple: true },
    scale: { type: 'string', default: '1' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
  },
});

const databases = (values.db ?? ['sqlite', 'postgres']).flatMap((value) => value.split(','));
for (const database of databases) {
  if (database !== 'sqlite' && database !== 'postgres') throw new Error(`--db: sqlite or postgres, not ${database}`);
}
const scale = Number(values.scale);
const flatRuns = values.runs === undefined ? undefined : Number(values.runs);
const count = (full: number) => Math.max(1, Math.round(flatRuns ?? full * scale));
const options: FuzzSessionOptions = {
  publicRuns: count(PUBLIC_RUNS),
  ownerRuns: count(OWNER_RUNS),
  concurrency: Number(values.concurrency),
  seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed),
  log: (line) => console.log(line),
};

async function onDatabase(database: 'sqlite' | 'postgres'): Promise<FuzzSummary> {
  if (database === 'sqlite') {
    delete process.env.TEST_DATABASE;
    return runFuzzSession(options);
  }
  const throwaway = await createThrowawayDatabase(`tellbox_fuzz_${Date.now()}_${process.pid}`);
  process.env.TEST_DATABASE = 'postgres';
  process.env[RUN_DATABASE_URL_VARIABLE] = throwaway.url;
  try {
    return await runFuzzSession(options);
  } finally {
    await throwaway.drop();
  }
}

function printDetails(summary: FuzzSummary) {
  const cases = summary.reports.flatMap((report) => report.cases);
  if (cases.length > 0)
    console.log(`\nFailing cases on ${summary.database} (shrunk, at most 3 kinds per operation):\n${cases.join('\n')}`);
  if (summary.documentNotes.length > 0)
    console.log(`\nAssumed where the document is silent:\n  ${summary.documentNotes.join('\n  ')}`);
  console.log(`\nIntegrity on ${summary.database}: ${summary.integrity.checked.join(', ')}`);
  for (const problem of summary.integrity.problems) console.log(`  ${problem}`);
  console.log(`${summary.database} took ${summary.seconds.toFixed(1)} s\n`);
}

console.log(
  `fuzz: seed ${options.seed}, ${options.publicRuns} requests per public operation, ${options.ownerRuns} per owner operation, ${options.concurrency} at once`,
);
const summaries: FuzzSummary[] = [];
for (const database of databases) {
  console.log(`\n${database}:`);
  const summary = await onDatabase(database as 'sqlite' | 'postgres');
  printDetails(summary);
  summaries.push(summary);
}
for (const summary of summaries) console.log(summaryLine(summary));
process.exitCode = summaries.every(summaryPassed) ? 0 : 1;
