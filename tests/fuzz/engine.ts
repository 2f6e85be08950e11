/**
 * Runs each operation's property: `runs` generated requests, every answer checked (no 5xx, no
 * dropped connection, allowed by the document). A failure is shrunk by fast-check on the same kind
 * of failure, printed, and the run goes on with the rest of its budget, so one bug neither hides
 * another nor stops the count; at most a few distinct failures are shrunk per operation.
 *
 * With a deadline (a time-bounded run) no new request is generated once it has passed; a shrink
 * under way still finishes. The requests an operation generates depend only on the seed, never on
 * timing or answers, so its first `generated` requests come again in a run of that many
 * (`--operation <id> --runs <generated>`): that is how a time-bounded failure is replayed.
 */
import fc from 'fast-check';
import type { Operation } from './operations';
import type { PoolLookup } from './pool-ref';
import { poolFor } from './pools';
import { requestArbitrary } from './request-arbitrary';
import { describeCase, toWire, type Sender, type WireAnswer, type WireRequest } from './wire';

/** Fast-check's way for a property to end the run early without failing it (its own time limits use it too). */
const stopRun = () => new fc.PreconditionFailure(true);

/** What the answer checker of server/openapi/answer-check.ts takes. */
export type AnswerCheck = (answer: {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
}) => string | null;

export interface OperationRun {
  operation: Operation;
  runs: number;
  /** The token the requests carry, read when each request goes out (it may change between requests). */
  token: () => string;
  lookup: PoolLookup;
  /** Called after a 2xx answer when the operation may have removed what other requests point at. */
  afterSuccess?: (sentBody: unknown, answerBody: unknown) => Promise<void>;
  /** `performance.now()` after which no new request is generated (a time-bounded run); none: all `runs`. */
  deadline?: number;
  /** Where this operation's requests go (a time-bounded run's fair gate); the engine's sender otherwise. */
  sender?: Sender;
}

export interface OperationReport {
  id: string;
  /** Requests sent, the shrinking ones included. */
  requests: number;
  /** Requests the property generated, shrinking aside: `--runs` of this many replays them. */
  generated: number;
  /** `generated` up to the last failing request: the `--runs` that replays every failure it counted. */
  replayRuns?: number;
  /** Stopped by its deadline before its `runs` were all sent. */
  timeUp: boolean;
  /** 5xx answers, and requests that got no answer at all (a dropped connection, a timeout). */
  failed5xx: number;
  outsideDocument: number;
  /** Printable shrunk failures, with a curl command each. */
  cases: string[];
  statuses: Map<number, number>;
  seconds: number;
}

export interface EngineOptions {
  baseUrl: string;
  sender: Sender;
  check: AnswerCheck;
  document: unknown;
  seed: number;
  /** Distinct failures shrunk and printed per operation. */
  maxCasesPerOperation?: number;
  /** Requests one shrink may send before it settles on what it has. */
  shrinkBudget?: number;
}

/** The request's body as JSON, if it was JSON. */
function sentJson(request: WireRequest): unknown {
  try {
    return request.body ? (JSON.parse(request.body.toString('utf8')) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

type Outcome = { kind: 'ok' } | { kind: '5xx' | 'outside'; reason: string; signature: string };

function judge(request: WireRequest, answer: WireAnswer | Error, check: AnswerCheck): Outcome {
  if (answer instanceof Error) return { kind: '5xx', reason: `no answer: ${answer.message}`, signature: 'no answer' };
  if (answer.status >= 500) {
    const message =
      typeof answer.body === 'object' && answer.body !== null
        ? String((answer.body as { message?: unknown }).message)
        : '';
    return { kind: '5xx', reason: `answered ${answer.status}`, signature: `${answer.status} ${message}` };
  }
  const reason = check({
    method: request.method,
    path: request.path,
    status: answer.status,
    contentType: answer.contentType || null,
    body: /[/+]json\b/.test(answer.contentType) && typeof answer.body !== 'string' ? answer.body : undefined,
  });
  if (reason === null) return { kind: 'ok' };
  // Numbers and quoted values vary between failures of one kind; the signature leaves them out.
  return { kind: 'outside', reason, signature: `${answer.status} ${reason.replace(/\d+|"[^"]*"|'[^']*'/g, '#')}` };
}

const arbitraries = new WeakMap<Operation, ReturnType<typeof requestArbitrary>>();

/**
 * The operation's request arbitrary, built once (tens of milliseconds each, seconds for all of
 * them): a time-bounded run builds them all before its clock starts.
 */
export function arbitraryOf(operation: Operation, document: unknown): ReturnType<typeof requestArbitrary> {
  let arbitrary = arbitraries.get(operation);
  if (!arbitrary) {
    arbitrary = requestArbitrary({ operation, root: document, poolOf: (name) => poolFor(name, operation) });
    arbitraries.set(operation, arbitrary);
  }
  return arbitrary;
}

export async function fuzzOperation(run: OperationRun, options: EngineOptions): Promise<OperationReport> {
  const { operation } = run;
  const maxCases = options.maxCasesPerOperation ?? 3;
  const shrinkBudget = options.shrinkBudget ?? 150;
  const started = performance.now();
  const report: OperationReport = {
    id: operation.id,
    requests: 0,
    generated: 0,
    timeUp: false,
    failed5xx: 0,
    outsideDocument: 0,
    cases: [],
    statuses: new Map(),
    seconds: 0,
  };
  const arbitrary = arbitraryOf(operation, options.document);
  const seen = new Set<string>();

  async function attempt(request: Parameters<typeof toWire>[1]) {
    const wire = toWire(operation, request, run.lookup, run.token());
    let answer: WireAnswer | Error;
    try {
      answer = await (run.sender ?? options.sender).send(wire);
    } catch (error) {
      answer = error instanceof Error ? error : new Error(String(error));
    }
    report.requests += 1;
    if (!(answer instanceof Error)) {
      report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1);
      if (answer.status < 300 && run.afterSuccess) await run.afterSuccess(sentJson(wire), answer.body);
    }
    return { wire, answer, outcome: judge(wire, answer, options.check) };
  }

  const timeIsUp = () => run.deadline !== undefined && performance.now() >= run.deadline;
  let remaining = run.runs;
  let round = 0;
  while (remaining > 0) {
    let target: string | undefined;
    let shrinks = 0;
    let smallest = '';
    let generatedThisRound = 0;
    const property = fc.asyncProperty(arbitrary, async (request) => {
      if (target !== undefined && shrinks >= shrinkBudget) return true;
      if (target === undefined) {
        if (timeIsUp()) throw stopRun();
        generatedThisRound += 1;
      }
      const { wire, answer, outcome } = await attempt(request);
      if (target !== undefined) {
        // Shrinking: only the same kind of failure counts as failing again.
        shrinks += 1;
        if (outcome.kind === 'ok' || outcome.signature !== target) return true;
        smallest = `${outcome.reason}\n${describeCase(options.baseUrl, wire, answer, run.token())}`;
        return false;
      }
      if (outcome.kind === 'ok') return true;
      if (outcome.kind === '5xx') report.failed5xx += 1;
      else report.outsideDocument += 1;
      report.replayRuns = report.generated + generatedThisRound;
      if (seen.has(outcome.signature) || report.cases.length >= maxCases) return true;
      seen.add(outcome.signature);
      target = outcome.signature;
      smallest = `${outcome.reason}\n${describeCase(options.baseUrl, wire, answer, run.token())}`;
      return false;
    });
    const details = await fc.check(property, { numRuns: remaining, seed: options.seed + round });
    round += 1;
    report.generated += generatedThisRound;
    // Done, or stopped by the deadline (fast-check reports a stop before the first request as a failure; it is none).
    report.timeUp = details.interrupted && target === undefined;
    if (!details.failed || report.timeUp) break;
    // A failure the property did not decide on is the fuzzer's own (a refresh that failed): stop loudly.
    if (target === undefined)
      throw new Error(`${operation.id}: ${String(details.errorInstance ?? 'the property failed')}`);
    report.cases.push(
      `  ${operation.id} (${operation.method} ${operation.path}), shrunk in ${shrinks} requests: ${smallest}`,
    );
    remaining -= generatedThisRound;
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}
