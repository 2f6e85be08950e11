/**
 * Checkout sessions are limited per account: each one is a call to Stripe (or, in test mode, a
 * stored session), so one account cannot create them by the hundred.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api';
import { RATE_LIMIT_RULES } from '../../server/lib/rate-limit';
import { createApiClient } from '../helpers/api-client';
import { createOwner, type TestOwner } from '../helpers/factories';
import { expectLimited } from '../helpers/rate-limited';
import { startTestServer, type TestServer } from '../helpers/start-server';

const rule = RATE_LIMIT_RULES.checkoutPerAccount;
let server: TestServer | undefined;
afterAll(() => server?.close());

describe('checkout sessions for one account', () => {
  test(`request ${rule.limit + 1} in a row is a 429 and creates no session; other accounts are not affected`, async () => {
    const started = await startTestServer({ rateLimits: true });
    server = started;
    const api = createApiClient(started.url);
    const owner = await createOwner(started, api);
    const checkout = (who: TestOwner) =>
      api.post<ApiErrorBody>('/api/subscription/checkout-session', { plan: 'pro' }, { token: who.token });
    const sessionsOf = async (who: TestOwner) =>
      (await started.db.selectFrom('checkout_sessions').select('id').where('workspace_id', '=', who.id).execute())
        .length;

    const first = await checkout(owner);
    expect(first.status, first.text).toBe(200);
    for (let i = 1; i < rule.limit; i += 1) expect((await checkout(owner)).status).not.toBe(429);
    const stored = await sessionsOf(owner);

    expectLimited(await checkout(owner), rule.windowMs);
    expectLimited(await checkout(owner), rule.windowMs);
    expect(await sessionsOf(owner)).toBe(stored);

    // The limit is the account's, not the address's.
    const other = await createOwner(started, api);
    const theirs = await checkout(other);
    expect(theirs.status, theirs.text).toBe(200);
  });
});
