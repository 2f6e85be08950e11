/**
 * Two webhook endpoints with a delivery log, for the screens' realistic account. They are written
 * straight into the server's database: the browser tests have no internet, and creating an
 * endpoint through the API looks its host up (to refuse private addresses), which a real Slack or
 * shop host can't pass here. The secrets are sealed with the server's own key, as the API seals them.
 */
import { randomUUID } from 'node:crypto';
import { createSecretBox } from '../../../../server/lib/secret-box';
import { loadServerKey } from '../../../../server/lib/server-key';
import { timedOutMessage } from '../../../../server/lib/outbound/describe-failure';
import { OUTBOUND_TIMEOUT_MS } from '../../../../server/lib/outbound';
import { DISABLED_REASON } from '../../../../server/modules/webhooks/endpoint-health';
import { buildTestPayload } from '../../../../server/modules/webhooks/payloads';
import { generateWebhookSecret, newDeliveryId } from '../../../../server/modules/webhooks/signing';
import type { Widget } from '../../../../src/shared/api';
import type { TestOwner } from '../../../helpers/factories';
import type { Console } from '../fixtures';

const MINUTE_MS = 60_000;

export async function seedWebhooks(tellbox: Console, owner: TestOwner, widgets: Widget[]): Promise<void> {
  const { db, dataDir, clock } = tellbox.server;
  const box = createSecretBox(loadServerKey({ secretKey: undefined, dataDir }));
  const now = clock.now();
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE_MS).toISOString();
  // Endpoints list oldest first; each is made a day after the one before, so the order is fixed.
  let made = 0;
  const endpoint = (url: string, kind: string, events: string[], widgetIds: string[] | null, active: boolean) => ({
    id: randomUUID(),
    workspace_id: owner.id,
    url,
    kind,
    events: JSON.stringify(events),
    widget_ids: widgetIds && JSON.stringify(widgetIds),
    active: active ? 1 : 0,
    secret_encrypted: box.seal(generateWebhookSecret()),
    failing_since: active ? null : at(3 * 24 * 60 + 5),
    disabled_reason: active ? null : DISABLED_REASON,
    created_at: at((5 - made++) * 24 * 60),
    updated_at: at(5),
  });
  const shop = endpoint(
    'https://api.northwind-outfitters-international.example.com/integrations/tellbox/webhooks?tenant=eu-west-1',
    'generic',
    ['feedback.created', 'post.published'],
    null,
    true,
  );
  const slack = endpoint(
    'https://hooks.slack.com/services/T0A1B2C3D/B4E5F6G7H/xYzAbCdEfGhIjKlMnOpQrStU',
    'slack',
    ['feedback.created'],
    widgets.slice(0, 2).map((widget) => widget._id),
    false,
  );
  await db.insertInto('webhook_endpoints').values([shop, slack]).execute();

  const tries: { minutesAgo: number; status: number | null; ms: number; answer: string; error: string | null }[] = [
    { minutesAgo: 2, status: 200, ms: 84, answer: '{"received":true,"id":"evt_2Qx8sLmN"}', error: null },
    {
      minutesAgo: 7,
      status: 503,
      ms: 5000,
      answer: '<html><body><h1>503 Service Unavailable</h1></body></html>',
      error: 'The endpoint answered 503',
    },
    { minutesAgo: 12, status: null, ms: 5000, answer: '', error: timedOutMessage(OUTBOUND_TIMEOUT_MS) },
  ];
  for (const attempt of tries) {
    const delivery = newDeliveryId();
    const sentAt = new Date(now.getTime() - attempt.minutesAgo * MINUTE_MS);
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: delivery,
        endpoint_id: shop.id,
        workspace_id: owner.id,
        event_type: 'webhook.test',
        payload: JSON.stringify(buildTestPayload(sentAt)),
        status: attempt.status === 200 ? 'delivered' : 'pending',
        attempt_count: 1,
        next_attempt_at: attempt.status === 200 ? null : at(-60),
        locked_until: null,
        created_at: sentAt.toISOString(),
        delivered_at: attempt.status === 200 ? sentAt.toISOString() : null,
      })
      .execute();
    await db
      .insertInto('webhook_attempts')
      .values({
        id: randomUUID(),
        endpoint_id: shop.id,
        delivery_id: delivery,
        attempted_at: sentAt.toISOString(),
        status_code: attempt.status,
        duration_ms: attempt.ms,
        response_start: attempt.answer,
        error: attempt.error,
        ok: attempt.status === 200 ? 1 : 0,
      })
      .execute();
  }
}
