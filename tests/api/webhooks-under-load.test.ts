/**
 * Webhooks beside e-mail alerts, with a real SMTP server on loopback: a burst of 1 000 feedback
 * gives one alert e-mail and 1 000 delivered webhooks, and an endpoint that fails for 3 days is
 * switched off and its owner told by e-mail.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { DISABLED_REASON } from '../../server/modules/webhooks/endpoint-health';
import { DISABLE_AFTER_FAILING_MS } from '../../server/modules/webhooks/retry-schedule';
import type { WebhookDeliveryLog, WebhookListResponse, WebhookWithSecret } from '../../src/shared/api';
import type { WebhookInput } from '../../src/shared/schemas';
import { INSTANT_ALERT_WINDOW_MINUTES } from '../../src/shared/schemas/notifications';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { answerWith, startReceiver, type Receiver } from '../helpers/http-receiver';
import { startMailbox, type Mailbox } from '../helpers/mailbox';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let mailbox: Mailbox;
let api: ApiClient;
const receivers: Receiver[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    smtpUrl: mailbox.url,
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true' },
    app: { deliveriesEveryMs: 50, alertsEveryMs: 50 },
  });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiverAnswering(status: number): Promise<Receiver> {
  const receiver = await startReceiver(answerWith(status));
  receivers.push(receiver);
  return receiver;
}

async function createEndpoint(owner: TestOwner, url: string): Promise<WebhookWithSecret> {
  const input: WebhookInput = { url, kind: 'generic', events: ['feedback.created'], widgetIds: null, active: true };
  const response = await api.post<WebhookWithSecret>('/api/webhooks', input, { token: owner.token });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** The owner's feedback alerts (they carry List-Unsubscribe; sign-up mail does not). */
const alertsTo = (owner: TestOwner) => mailbox.to(owner.email).filter((mail) => /^List-Unsubscribe:/im.test(mail.raw));

test('1 000 feedback in a minute: one alert e-mail in the window and 1 000 webhooks, every one delivered', async () => {
  const owner = await createOwner(server, api, { plan: 'premium' });
  const widget = await createWidget(api, owner, { name: 'Busy shop' });
  const target = await receiverAnswering(200);
  await createEndpoint(owner, `${target.origin}/hook`);

  // 1 000 visitors, 25 at a time, well inside a minute (and inside one 10-minute alert window).
  const started = Date.now();
  for (let batch = 0; batch < 40; batch++) {
    await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const response = await api.post(
          `/api/public/widget/${widget.key}/feedback`,
          validFeedback({ message: `visitor ${batch * 25 + i}` }),
        );
        expect(response.status, response.text).toBe(201);
      }),
    );
  }
  expect(Date.now() - started).toBeLessThan(60_000);

  // One endpoint takes at most CLAIM_PER_ENDPOINT sends at once, each with its bookkeeping: on a
  // busy 2-core machine 1 000 take a minute or more. The wait ends as soon as they are all in.
  await vi.waitFor(() => expect(target.requests.length).toBeGreaterThanOrEqual(1_000), {
    timeout: 150_000,
    interval: 100,
  });
  const messages = target.requests.map(
    (request) => (JSON.parse(request.body) as { data: { message: string } }).data.message,
  );
  expect(new Set(messages).size).toBe(1_000);
  expect(new Set(target.requests.map((request) => request.headers['webhook-id'])).size).toBe(1_000);
  // Each one is marked delivered once its answer is in (a moment after the receiver saw it): once
  // the sends under way have ended.
  await server.settleBackground();
  const undelivered = await server.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', owner.id)
    .where('status', '!=', 'delivered')
    .executeTakeFirstOrThrow();
  expect(Number(undelivered.count)).toBe(0);
  // And none was sent twice.
  expect(target.requests).toHaveLength(1_000);

  // The first feedback is mailed at once; the rest of the window waits for its end: one mail
  // while the window lasts (the alert loop, run once more now, sends nothing that is not due).
  await mailbox.waitFor(owner.email, () => alertsTo(owner).length >= 1);
  await server.settleBackground();
  expect(alertsTo(owner)).toHaveLength(1);
  // When the window ends, one more mail holds everything else: all 1 000 are told of. A feedback
  // stored while the first mail's list was read, but dated before its newest one, makes the second
  // mail start just before it, so a few of the first mail's may be told of again
  // (alert-windows.repo.ts). So the second holds every one the first did not, and at most all.
  server.clock.advance(INSTANT_ALERT_WINDOW_MINUTES * 60_000);
  await mailbox.waitFor(owner.email, () => alertsTo(owner).length >= 2);
  await server.settleBackground();
  const counts = alertsTo(owner).map((mail) =>
    Number(/^(\d+) new feedback messages? on Busy shop$/.exec(mail.subject)?.[1]),
  );
  expect(counts).toHaveLength(2);
  const [first = 0, second = 0] = counts;
  expect(first).toBeGreaterThanOrEqual(1);
  expect(second, 'the second mail holds every feedback the first did not').toBeGreaterThanOrEqual(1_000 - first);
  expect(second, 'and no more than all of them').toBeLessThanOrEqual(1_000);
  // 1 000 posts, 1 000 deliveries and their bookkeeping: minutes on a busy 2-core machine.
}, 240_000);

test('an endpoint failing for 3 days is switched off, and its owner told by e-mail', async () => {
  const owner = await createOwner(server, api, { plan: 'pro' });
  const widget = await createWidget(api, owner);
  const target = await receiverAnswering(500);
  const endpoint = await createEndpoint(owner, `${target.origin}/hook`);
  const sendFeedback = async () => {
    const response = await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback());
    expect(response.status).toBe(201);
  };

  /** Sends what is due now and checks that the endpoint's log holds `count` attempts: their outcome is recorded. */
  const untilLogged = async (count: number) => {
    await server.settleBackground();
    const log = await api.get<WebhookDeliveryLog>(`/api/webhooks/${endpoint._id}/deliveries`, { token: owner.token });
    expect(log.body.attempts.length).toBeGreaterThanOrEqual(count);
  };

  await sendFeedback();
  await untilLogged(1);
  // Failing for a little less than 3 days: still on.
  server.clock.advance(DISABLE_AFTER_FAILING_MS - 60_000);
  await sendFeedback();
  await untilLogged(2);
  const stillOn = await api.get<WebhookListResponse>('/api/webhooks', { token: owner.token });
  expect(stillOn.body.webhooks[0]).toMatchObject({ active: true, disabledReason: null });

  server.clock.advance(120_000);
  await sendFeedback();
  // The failed attempt switches the endpoint off and hands the mail over before it ends.
  await server.settleBackground();
  const mail = mailbox.to(owner.email).find((received) => received.subject === 'A Tellbox webhook was switched off');
  expect(mail?.text).toContain(endpoint.url);
  const off = await api.get<WebhookListResponse>('/api/webhooks', { token: owner.token });
  expect(off.body.webhooks[0]).toMatchObject({ active: false, disabledReason: DISABLED_REASON });

  // Switched off, it is sent nothing more; turned back on, it is sent to again.
  const seen = target.requests.length;
  await sendFeedback();
  // Every delivery due now has been sent and answered: none went to the switched-off endpoint.
  await server.settleBackground();
  expect(target.requests).toHaveLength(seen);
  const input: WebhookInput = {
    url: endpoint.url,
    kind: 'generic',
    events: ['feedback.created'],
    widgetIds: null,
    active: true,
  };
  const back = await api.put(`/api/webhooks/${endpoint._id}`, input, { token: owner.token });
  expect(back.body).toMatchObject({ active: true, disabledReason: null });
  await sendFeedback();
  await server.settleBackground();
  expect(target.requests.length).toBeGreaterThan(seen);
});
