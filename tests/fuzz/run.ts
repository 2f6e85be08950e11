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
 *   npm run fuzz -- --seconds 45          bounded by time: 45 s of requests per database (CI)
 *   npm run fuzz -- --operation login     only these operations (operationId; repeat or comma-separate)
 *
 * A time-bounded run sends requests for `--seconds` per database (the setup and the integrity
 * checks aside; fuzz-session.ts shares the time out among the operations in proportion to their
 * counts) and stops each operation where its time ran out. An operation's requests depend only on
 * the seed, so each failing operation is printed with the command that replays it:
 * `--seed N --operation <id> --runs K`, K being how many requests it had generated up to its last
 * failure. A failure that needs other operations' requests beside it is replayed by the same run
 * (`--seed N --seconds S`): the same requests per operation, as far as its time lets them go.
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
    seconds: { type: 'string' },
    operation: { type: 'string', multiple: true },
  },
});

const databases = (values.db ?? ['sqlite', 'postgres']).flatMap((value) => value.split(','));
for (const database of databases) {
  if (database !== 'sqlite' && database !== 'postgres') throw new Error(`--db: sqlite or postgres, not ${database}`);
}
/** A positive number from an option, or undefined when it is not given. */
function positive(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name}: a positive number, not ${raw}`);
  return value;
}
const scale = Number(values.scale);
const flatRuns = values.runs === undefined ? undefined : Number(values.runs);
const count = (full: number) => Math.max(1, Math.round(flatRuns ?? full * scale));
const options: FuzzSessionOptions = {
  publicRuns: count(PUBLIC_RUNS),
  ownerRuns: count(OWNER_RUNS),
  concurrency: Number(values.concurrency),
  seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed),
  seconds: positive('seconds', values.seconds),
  only: values.operation?.flatMap((value) => value.split(',')),
  log: (line) => console.log(line),
};

/**
 * The command that runs `database` again as this run did (same seed, size, time and operations),
 * or, given an operation, that operation alone for its first `runs` requests: the same requests.
 */
function rerunCommand(database: string, operation?: { id: string; runs: number }): string {
  const args = ['--db', database, '--seed', String(options.seed)];
  if (operation) args.push('--operation', operation.id, '--runs', String(operation.runs));
  else {
    if (values.scale !== '1') args.push('--scale', values.scale);
    if (values.runs !== undefined) args.push('--runs', values.runs);
    if (values.seconds !== undefined) args.push('--seconds', values.seconds);
    if (values.concurrency !== '8') args.push('--concurrency', values.concurrency);
    if (options.only) args.push('--operation', options.only.join(','));
  }
  return `npm run fuzz -- ${args.join(' ')}`;
}

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
  const failing = summary.reports.filter((report) => report.replayRuns !== undefined);
  if (failing.length > 0) {
    console.log(`\nReplay on ${summary.database} (each operation alone, its requests up to its last failure):`);
    for (const report of failing)
      console.log(`  ${rerunCommand(summary.database, { id: report.id, runs: report.replayRuns ?? 0 })}`);
  }
  if (!summaryPassed(summary)) console.log(`The whole run again: ${rerunCommand(summary.database)}`);
  if (summary.documentNotes.length > 0)
    console.log(`\nAssumed where the document is silent:\n  ${summary.documentNotes.join('\n  ')}`);
  console.log(`\nIntegrity on ${summary.database}: ${summary.integrity.checked.join(', ')}`);
  for (const problem of summary.integrity.problems) console.log(`  ${problem}`);
  console.log(`${summary.database} took ${summary.seconds.toFixed(1)} s\n`);
}

const bound =
  options.seconds === undefined
    ? `${options.concurrency} at once`
    : `for at most ${options.seconds} s per database, ${options.concurrency} requests at once`;
console.log(
  `fuzz: seed ${options.seed}, ${options.publicRuns} requests per public operation, ${options.ownerRuns} per owner operation, ${bound}` +
    ` (again: ${rerunCommand(databases.join(','))})`,
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
