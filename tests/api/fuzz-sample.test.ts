/**
 * A small sample of `npm run fuzz` (tests/fuzz): 20 generated requests per operation of the
 * OpenAPI document, from valid to malformed, against the real app on this project's database.
 * No answer may be a 5xx (or missing), every answer must be one the document allows, and the
 * database must pass its integrity checks afterwards. The seed is fixed, so a failure replays.
 */
import { describe, expect, test } from 'vitest';
import { runFuzzSession } from '../fuzz/fuzz-session';

const RUNS_PER_OPERATION = 20;

describe('fuzzing from the OpenAPI contract (a sample)', () => {
  test('generated requests to every operation: none answered 5xx, none outside the document, the database intact', async () => {
    const summary = await runFuzzSession({
      publicRuns: RUNS_PER_OPERATION,
      ownerRuns: RUNS_PER_OPERATION,
      concurrency: 8,
      seed: 20_251_125,
      log: () => undefined,
    });
    const cases = summary.reports.flatMap((report) => report.cases);
    expect(cases, cases.join('\n')).toEqual([]);
    expect(summary.failed5xx).toBe(0);
    expect(summary.outsideDocument).toBe(0);
    expect(summary.integrity.problems).toEqual([]);
    expect(summary.requests).toBeGreaterThanOrEqual(summary.operations * RUNS_PER_OPERATION);
  }, 120_000);
});
