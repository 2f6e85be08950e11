/**
 * One fuzz run against one real server: start it (tests/helpers/start-server.ts, rate limits
 * off, on the database the environment selects), make the owners and their objects, fuzz every
 * operation of the OpenAPI document, check the database, and sum it all up.
 *
 * Operations that remove what other requests point at (every DELETE, logout, change-password and
 * the subscription changes, which may end the premium plan) run last, after all the others, each
 * against an owner of its own, so they never take the shared owner's session or objects away
 * while other operations run. After each 2xx answer of such an operation its owner is refreshed:
 * logged in again if the token stopped working, made anew if it can no longer log in (deleted,
 * password changed), set back to premium, and its missing widgets, sites, feedback, posts and
 * webhook made again (world.ts).
 *
 * A time-bounded run (`seconds`) has the same two phases, each with a deadline: all the operations
 * of a phase fuzz at once behind a fair gate (fair-gate.ts) that keeps `concurrency` requests on
 * the wire and shares them out in proportion to the run counts, until an operation's count or its
 * phase's time is up. The destructive phase gets the share of the time it takes in a counted run
 * (DESTRUCTIVE_COST), so it runs as far into its counts as the others do into theirs.
 */
import { createAnswerChecker } from '../../server/openapi/answer-check';
import { createOpenApiDocument } from '../../server/openapi/document';
import { answerWith, startReceiver } from '../helpers/http-receiver';
import { startTestServer } from '../helpers/start-server';
import { testDatabaseKind } from '../helpers/test-database';
import { arbitraryOf, fuzzOperation, type OperationReport, type OperationRun } from './engine';
import { createFairGate } from './fair-gate';
import { checkIntegrity, type IntegrityReport } from './integrity';
import { operationsOf, type Operation } from './operations';
import { createSender } from './wire';
import { createWorld, type Tenant } from './world';

export interface FuzzSessionOptions {
  /**
   * Requests per operation anyone may call (security `[]`) that takes input. A public operation
   * without parameters or body (the health check, the plan table, this document and its reference
   * page) has nothing to vary but the headers: it gets `ownerRuns`. Ten thousand copies of the
   * document and of the reference's page would double the run and find nothing more.
   */
  publicRuns: number;
  /** Requests per operation that needs the bearer token. */
  ownerRuns: number;
  /** Operations fuzzed at once (each sends one request at a time); in a time-bounded run, requests on the wire. */
  concurrency: number;
  seed: number;
  /** Seconds for the requests (world setup and checks aside); undefined: every operation runs its count. */
  seconds?: number;
  /** Only these operations (operationId); undefined: all of them. */
  only?: string[];
  log: (line: string) => void;
}

export interface FuzzSummary {
  database: 'sqlite' | 'postgres';
  operations: number;
  requests: number;
  failed5xx: number;
  outsideDocument: number;
  integrity: IntegrityReport;
  reports: OperationReport[];
  documentNotes: string[];
  seconds: number;
}

/** The operations that may remove the session or objects the others rely on. */
export function isDestructive(operation: Operation): boolean {
  if (!operation.owner) return false;
  return (
    operation.method === 'DELETE' ||
    /\/(logout|change-password)$/.test(operation.path) ||
    operation.path.startsWith('/api/subscription/')
  );
}

/**
 * What a destructive operation's request costs against another's: its owner is refreshed after each
 * success (a new session, owner or objects, several requests each). Measured on SQLite: 0.53 s of a
 * slot per destructive request against 0.09 s, so the destructive phase takes a fifth to a quarter
 * of a counted run for under 5 % of its requests.
 */
const DESTRUCTIVE_COST = 6;

/** Runs `tasks` at most `limit` at a time, the longest first, so the long ones do not all end up at the tail. */
async function inPool<T>(tasks: { weight: number; run: () => Promise<T> }[], limit: number): Promise<T[]> {
  const queue = [...tasks].sort((a, b) => b.weight - a.weight);
  const results: T[] = [];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) results.push(await task.run());
    }),
  );
  return results;
}

function statusLine(report: OperationReport) {
  const statuses = [...report.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`);
  const verdict = report.failed5xx + report.outsideDocument === 0 ? 'ok  ' : 'FAIL';
  const cut = report.timeUp ? ', when its time was up' : '';
  return `  ${verdict} ${report.id}: ${report.requests} requests in ${report.seconds.toFixed(1)} s${cut} (${statuses.join(' ')})`;
}

export async function runFuzzSession(options: FuzzSessionOptions): Promise<FuzzSummary> {
  const started = performance.now();
  const document = createOpenApiDocument();
  const check = createAnswerChecker(document);
  const operations = operationsOf(document).filter(
    (operation) => options.only === undefined || options.only.includes(operation.id),
  );
  const unknown = (options.only ?? []).filter((id) => !operations.some((operation) => operation.id === id));
  if (unknown.length > 0) throw new Error(`no operation ${unknown.join(', ')} in the document`);
  const receiver = await startReceiver(answerWith(200, 'ok'));
  const server = await startTestServer({
    // TRUST_PROXY: each request comes from its own X-Forwarded-For address (wire.ts). METRICS_TOKEN:
    // /metrics and the hooks that count for it run too (the fuzzing owner's token is not it: 401).
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true', TRUST_PROXY: '1', METRICS_TOKEN: 'fuzzing-metrics-token-0123456789' },
    app: { deliveriesEveryMs: 200 },
  });
  const sender = createSender(server.url, options.concurrency);
  try {
    const world = createWorld(server, { webhookUrl: `${receiver.origin}/hook` });
    const [main, publicSide, other] = [
      await world.newTenant('main'),
      await world.newTenant('public'),
      await world.newTenant('other'),
    ];
    await world.addCheckoutSession(publicSide);
    await world.addCheckoutSession(other);
    const engine = { baseUrl: server.url, sender, check, document, seed: options.seed };

    const runsOf = (operation: Operation) =>
      operation.owner || (operation.parameters.length === 0 && !operation.body)
        ? options.ownerRuns
        : options.publicRuns;
    const runFor = (operation: Operation, tenant: Tenant, destructive: boolean): OperationRun => ({
      operation,
      runs: runsOf(operation),
      token: () => tenant.token,
      lookup: world.lookup(tenant, other),
      afterSuccess: destructive ? (sent, answered) => world.refresh(tenant, sent, answered) : undefined,
    });
    const task = (make: () => Promise<OperationRun>) => async () => {
      const run = await make();
      const report = await fuzzOperation(run, engine);
      options.log(statusLine(report));
      return report;
    };
    const shared = operations.filter((operation) => !isDestructive(operation));
    const destructive = operations.filter(isDestructive);
    const cost = (list: Operation[], factor: number) =>
      list.reduce((total, operation) => total + runsOf(operation) * factor, 0);
    // Seconds of CPU for all of them, not spent in the time the requests have. Likewise a
    // time-bounded run makes the destructive operations' owners (password hashes each) before its
    // clock starts; a counted run makes each when its operation starts.
    for (const operation of operations) arbitraryOf(operation, document);
    const owners = new Map<Operation, Tenant>();
    if (options.seconds !== undefined) {
      const made = await Promise.all(destructive.map((operation) => world.newTenant(operation.id)));
      destructive.forEach((operation, index) => owners.set(operation, made[index] as Tenant));
    }
    const fuzzStarted = performance.now();
    const timed = options.seconds === undefined ? undefined : options.seconds * 1000;
    const gate = createFairGate(sender, options.concurrency);
    // Counted: `concurrency` operations at a time, the longest first. Timed: all at once, through
    // the gate, until `deadline`.
    const phase = (list: Operation[], deadline: number, make: (operation: Operation) => Promise<OperationRun>) =>
      inPool(
        list.map((operation) => ({
          weight: runsOf(operation),
          run: task(async () => {
            const run = await make(operation);
            return timed === undefined ? run : { ...run, deadline, sender: gate.senderFor(run.runs) };
          }),
        })),
        timed === undefined ? options.concurrency : Math.max(1, list.length),
      );
    const sharedCost = cost(shared, 1);
    const sharedShare = sharedCost / Math.max(1, sharedCost + cost(destructive, DESTRUCTIVE_COST));
    const reports = await phase(shared, fuzzStarted + (timed ?? 0) * sharedShare, async (operation) =>
      runFor(operation, operation.owner ? main : publicSide, false),
    );
    reports.push(
      ...(await phase(destructive, fuzzStarted + (timed ?? 0), async (operation) =>
        runFor(operation, owners.get(operation) ?? (await world.newTenant(operation.id)), true),
      )),
    );
    // The background work the requests started ends before the check: the webhook deliveries under
    // way and those due now are sent, the alerts and digests due now go out, and their mail with them.
    await server.settleBackground();
    const integrity = await checkIntegrity(server.db);
    const sum = (pick: (report: OperationReport) => number) =>
      reports.reduce((total, report) => total + pick(report), 0);
    return {
      database: testDatabaseKind(),
      operations: operations.length,
      requests: sum((report) => report.requests),
      failed5xx: sum((report) => report.failed5xx),
      outsideDocument: sum((report) => report.outsideDocument),
      integrity,
      reports,
      documentNotes: operations.flatMap((operation) => operation.notes.map((note) => `${operation.id}: ${note}`)),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    sender.close();
    await server.close();
    await receiver.close();
  }
}

/** The one line per database: `fuzz sqlite: 123456 requests to 61 operations, 0 answered 5xx, 0 outside the document, integrity ok`. */
export function summaryLine(summary: FuzzSummary): string {
  const integrity = summary.integrity.ok
    ? 'integrity ok'
    : `integrity FAILED (${summary.integrity.problems.length} problems)`;
  return `fuzz ${summary.database}: ${summary.requests} requests to ${summary.operations} operations, ${summary.failed5xx} answered 5xx, ${summary.outsideDocument} outside the document, ${integrity}`;
}

export const summaryPassed = (summary: FuzzSummary) =>
  summary.failed5xx === 0 && summary.outsideDocument === 0 && summary.integrity.ok;
