import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../../db/schema';
import { claimDue, type ClaimRequest } from './claim-due';
import { addOwner, openWebhooksTestDb, queueDeliveries, TEST_START } from './testing/webhooks-test-db';

const NOW = new Date(TEST_START + 3_600_000).toISOString();
const LEASE_UNTIL = new Date(TEST_START + 3_660_000).toISOString();

let db: Kysely<Database>;
beforeEach(async () => {
  db = await openWebhooksTestDb();
});
afterEach(() => db.destroy());

const owner = (id: string, endpoints: number) => addOwner(db, id, endpoints);
const queue = (endpoint: string, count: number, fromSecond: number) => queueDeliveries(db, endpoint, count, fromSecond);

const claim = (overrides: Partial<ClaimRequest> = {}) =>
  claimDue(db, { now: NOW, leaseUntil: LEASE_UNTIL, limit: 50, perEndpoint: 5, perOwner: 10, ...overrides });

/** How many of `claimed` went to each endpoint. */
const perEndpoint = (claimed: { endpoint_id: string }[]) =>
  Object.fromEntries(
    [...new Set(claimed.map((row) => row.endpoint_id))]
      .sort()
      .map((id) => [id, claimed.filter((row) => row.endpoint_id === id).length]),
  );

describe('claiming due deliveries', () => {
  test("owners take turns: another owner's newest delivery comes before the second of a long backlog", async () => {
    await owner('a', 1);
    await owner('b', 1);
    await owner('c', 1);
    const backlog = await queue('a-1', 100, 0);
    const [olderOfC] = await queue('c-1', 2, 200);
    const [newest] = await queue('b-1', 1, 500);

    // Three slots: each owner's oldest, although a hundred of a's are older than all of them.
    const claimed = await claim({ limit: 3 });
    expect(claimed.map((row) => row.id).sort()).toEqual([backlog[0], olderOfC, newest].sort());
  });

  test('no owner has more than its share under way, what is already being sent included', async () => {
    await owner('a', 5);
    await owner('b', 1);
    for (let n = 1; n <= 5; n++) await queue(`a-${n}`, 2000, n);

    const first = await claim();
    expect(first).toHaveLength(10);
    // Its endpoints take turns within its share: two each.
    expect(perEndpoint(first)).toEqual({ 'a-1': 2, 'a-2': 2, 'a-3': 2, 'a-4': 2, 'a-5': 2 });

    // While those ten are being sent a has nothing more, with 9 990 due and 40 slots free ...
    expect(await claim()).toEqual([]);
    // ... and b's delivery, queued after all of them, is taken at once.
    const [fromB] = await queue('b-1', 1, 3000);
    expect((await claim()).map((row) => row.id)).toEqual([fromB]);
  });

  test("one endpoint takes at most its cap of the owner's share, so the owner's other endpoints keep going", async () => {
    await owner('a', 2);
    await queue('a-1', 50, 0);

    // a-1 alone has work: it gets its 5, not the owner's 10.
    expect(perEndpoint(await claim())).toEqual({ 'a-1': 5 });
    // With those still being sent (a receiver that hangs), a-2's deliveries go out at once.
    await queue('a-2', 50, 100);
    expect(perEndpoint(await claim())).toEqual({ 'a-2': 5 });
    expect(await claim()).toEqual([]);
  });

  test('the first claims alternate between the endpoints of an owner', async () => {
    await owner('a', 2);
    await queue('a-1', 50, 0);
    await queue('a-2', 50, 100);
    expect(perEndpoint(await claim({ limit: 6 }))).toEqual({ 'a-1': 3, 'a-2': 3 });
  });

  test('a delivery whose lease ran out (its instance died) no longer counts as under way, and is claimed again', async () => {
    await owner('a', 1);
    const ids = await queue('a-1', 5, 0);
    expect(await claim({ perEndpoint: 5 })).toHaveLength(5);
    expect(await claim()).toEqual([]);

    const afterLease = new Date(Date.parse(LEASE_UNTIL) + 1000).toISOString();
    const again = await claim({ now: afterLease, leaseUntil: new Date(TEST_START + 7_200_000).toISOString() });
    expect(again.map((row) => row.id).sort()).toEqual([...ids].sort());
  });
});
