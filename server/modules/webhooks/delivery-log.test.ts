import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { WEBHOOK_LOG_SIZE } from '../../../src/shared/schemas';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { refusal } from './pending-cap';
import { addOwner, openWebhooksTestDb, queueDeliveries, TEST_START } from './testing/webhooks-test-db';
import { createWebhooksRepo, toWebhookAttempt } from './webhooks.repo';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await openWebhooksTestDb();
  await addOwner(db, 'a', 1);
});
afterEach(() => db.destroy());

describe('the delivery log', () => {
  test(`refusals written at one instant keep the newest ${WEBHOOK_LOG_SIZE}, each marked not sent`, async () => {
    const repo = createWebhooksRepo(db);
    const at = new Date(TEST_START).toISOString();
    const ids = await queueDeliveries(db, 'a-1', WEBHOOK_LOG_SIZE + 50, 0);
    await repo.logAttempts(
      db,
      ids.map(
        (id) =>
          refusal(
            {
              id,
              endpoint_id: 'a-1',
              workspace_id: 'a',
              event_type: 'webhook.test',
              payload: '{}',
              status: 'pending',
              created_at: at,
            },
            at,
          ).logEntry,
      ),
    );

    const log = (await repo.listAttempts('a-1')).map(toWebhookAttempt);
    expect(log).toHaveLength(WEBHOOK_LOG_SIZE);
    expect(log.every((entry) => !entry.sent && entry.statusCode === null && !entry.ok)).toBe(true);
  });

  test('an attempt that was sent and failed is not taken for a refusal', async () => {
    const repo = createWebhooksRepo(db);
    const [id = ''] = await queueDeliveries(db, 'a-1', 1, 0);
    await repo.recordAttempt({
      id: newId(),
      endpoint_id: 'a-1',
      delivery_id: id,
      attempted_at: new Date(TEST_START).toISOString(),
      status_code: null,
      duration_ms: 5000,
      response_start: '',
      error: 'Timed out after 5 s',
      ok: 0,
    });
    expect((await repo.listAttempts('a-1')).map(toWebhookAttempt)).toMatchObject([{ sent: true, ok: false }]);
  });
});
