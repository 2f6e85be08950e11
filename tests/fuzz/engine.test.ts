/**
 * A time-bounded fuzz run can be replayed from its seed: an operation stopped by its deadline
 * after K generated requests sends, in a counted run of K, the very same requests, its failures
 * and their shrinking included. And the fair gate shares the wire out by weight, never more than
 * its limit at once.
 */
import { describe, expect, test } from 'vitest';
import { createOpenApiDocument } from '../../server/openapi/document';
import { fuzzOperation, type OperationRun } from './engine';
import { createFairGate } from './fair-gate';
import { operationsOf } from './operations';
import type { Sender, WireAnswer, WireRequest } from './wire';

const document = createOpenApiDocument();
const operation = operationsOf(document).find((candidate) => candidate.id === 'getPublicWidgetConfig');
if (!operation) throw new Error('no getPublicWidgetConfig in the document');

/**
 * A server that answers 500 to some requests (by their bytes, so again to the same request), 400
 * otherwise; `after` is called with the count of requests sent after each.
 */
function recordingSender(sent: string[], after?: (count: number) => void): Sender {
  return {
    async send(request: WireRequest): Promise<WireAnswer> {
      const text = `${request.method} ${request.path} ${request.body?.toString('utf8') ?? ''}`;
      sent.push(text);
      after?.(sent.length);
      await new Promise((resolve) => setImmediate(resolve));
      const status = text.length % 13 === 0 ? 500 : 400;
      return { status, contentType: 'application/json', body: { message: 'no' }, text: '{"message":"no"}' };
    },
    close: () => {},
  };
}

const run = (runs: number, deadline?: number): OperationRun => ({
  operation,
  runs,
  token: () => 'token',
  lookup: () => ['a-value'],
  deadline,
});

const engine = (sender: Sender) => ({
  baseUrl: 'http://127.0.0.1:1',
  sender,
  check: () => null,
  document,
  seed: 42,
});

describe('a time-bounded operation', () => {
  test('stops at its deadline, and a counted run of what it generated sends the same requests', async () => {
    // The deadline passes after the 300th request, whatever the machine's speed.
    const timed: string[] = [];
    const bounded = run(1_000_000, Infinity);
    const passAt300 = (count: number) => {
      if (count === 300) bounded.deadline = performance.now();
    };
    const report = await fuzzOperation(bounded, engine(recordingSender(timed, passAt300)));
    expect(report.generated).toBeGreaterThan(0);
    expect(report.generated).toBeLessThan(1_000_000);
    expect(report.failed5xx).toBeGreaterThan(0);

    const replayed: string[] = [];
    const replay = await fuzzOperation(run(report.generated), engine(recordingSender(replayed)));
    expect(replayed).toEqual(timed);
    expect(replay.cases).toEqual(report.cases);
    expect(replay.failed5xx).toBe(report.failed5xx);

    // Its last failure's count replays every failure counted.
    const upToFailure: string[] = [];
    const again = await fuzzOperation(run(report.replayRuns ?? 0), engine(recordingSender(upToFailure)));
    expect(again.failed5xx).toBe(report.failed5xx);
    expect(upToFailure).toEqual(timed.slice(0, upToFailure.length));
  });

  test('whose deadline has passed sends nothing and does not fail', async () => {
    const sent: string[] = [];
    const report = await fuzzOperation(run(100, performance.now() - 1), engine(recordingSender(sent)));
    expect(sent).toEqual([]);
    expect(report.generated).toBe(0);
  });
});

describe('the fair gate', () => {
  test('gives operations requests in proportion to their weights, at most its limit at once', async () => {
    let onWire = 0;
    let most = 0;
    const slow: Sender = {
      async send(): Promise<WireAnswer> {
        onWire += 1;
        most = Math.max(most, onWire);
        await new Promise((resolve) => setImmediate(resolve));
        onWire -= 1;
        return { status: 200, contentType: 'text/plain', body: '', text: '' };
      },
      close: () => {},
    };
    // As in a run: more operations waiting than places, so the gate has a choice to make.
    const gate = createFairGate(slow, 2);
    const weights = [10, ...Array.from({ length: 20 }, () => 1)];
    const counts = weights.map(() => 0);
    // A number of requests, not a time: the shares depend on the gate's choices alone.
    let left = 600;
    const operations = weights.map(async (weight, index) => {
      const sender = gate.senderFor(weight);
      while (left > 0) {
        left -= 1;
        await sender.send({ method: 'GET', path: '/', headers: {} });
        counts[index] = (counts[index] ?? 0) + 1;
      }
    });
    await Promise.all(operations);
    const [heavy = 0, light = 0, other = 0] = counts;
    expect(most).toBeLessThanOrEqual(2);
    expect(heavy / light).toBeGreaterThan(6);
    expect(heavy / light).toBeLessThan(14);
    expect(Math.abs(light - other)).toBeLessThanOrEqual(2);
  });
});
