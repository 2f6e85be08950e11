/**
 * The webhooks API as the console's tests need it: two endpoints (one switched off by Tellbox),
 * a delivery log of two attempts, and every write recorded in `sent`. `serve` installs it on a
 * `fetch` mock; a test may serve again (the plan changed meanwhile).
 */
import { vi } from 'vitest';
import type { WebhookAttempt, WebhookEndpoint } from '../../../../../shared/api';
import type { PlanId } from '../../../../../shared/plans';
import { limitsSummary, widget } from '../../../testing/factories';

export const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/XXXX';
export const OWN_URL = 'https://example.com/hooks/tellbox';

export function endpoint(overrides: Partial<WebhookEndpoint>): WebhookEndpoint {
  return {
    _id: 'h1',
    url: OWN_URL,
    kind: 'generic',
    events: ['feedback.created', 'post.published'],
    widgetIds: null,
    active: true,
    disabledReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const OWN = endpoint({});
export const SLACK = endpoint({
  _id: 'h2',
  url: SLACK_URL,
  kind: 'slack',
  events: ['feedback.created'],
  widgetIds: ['w2'],
  active: false,
  disabledReason: 'Switched off by Tellbox after failing for 3 days. Fix the endpoint, then turn it on.',
});

/** A delivery the server refused to queue: the account had too many waiting. */
export const NOT_SENT_ERROR =
  'Not sent: too many deliveries waiting for this account (5,000 at most). Fix or switch off the endpoints that keep failing, then resend.';

export const ATTEMPTS: WebhookAttempt[] = [
  {
    _id: 'a2',
    deliveryId: 'd2',
    type: 'feedback.created',
    attemptedAt: new Date(Date.now() - 60_000).toISOString(),
    statusCode: null,
    durationMs: 10_000,
    responseStart: '',
    error: 'The endpoint did not answer within 10 seconds',
    ok: false,
    sent: true,
  },
  {
    _id: 'a1',
    deliveryId: 'd1',
    type: 'webhook.test',
    attemptedAt: new Date(Date.now() - 3_600_000).toISOString(),
    statusCode: 200,
    durationMs: 132,
    responseStart: '{"received":true}',
    error: null,
    ok: true,
    sent: true,
  },
  {
    _id: 'a0',
    deliveryId: 'd0',
    type: 'post.published',
    attemptedAt: new Date(Date.now() - 7_200_000).toISOString(),
    statusCode: null,
    durationMs: 0,
    responseStart: '',
    error: NOT_SENT_ERROR,
    ok: false,
    sent: false,
  },
];

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export interface Backend {
  plan?: PlanId;
  webhooks?: WebhookEndpoint[];
  /** The status of POST /webhooks, with the server's words when it is not 201. */
  create?: { status: number; message?: string };
  /** The status of POST /webhooks/:id/test, with the server's words when it is not 202. */
  test?: { status: number; message?: string };
}

export const fetchMock = vi.fn<typeof fetch>();
export const sent: { method: string; path: string; body: unknown }[] = [];

export function serve({
  plan = 'premium',
  webhooks = [OWN, SLACK],
  create = { status: 201 },
  test = { status: 202 },
}: Backend = {}) {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === '/api/widget') return json({ success: true, widgets: [widget('w1', 'Shop'), widget('w2', 'Blog')] });
    if (path === '/api/user/limits/summary') return json(limitsSummary({ plan }));
    if (path === '/api/webhooks' && method === 'GET') return json({ webhooks });
    if (path === '/api/webhooks' && method === 'POST') {
      if (create.status !== 201) return json({ message: create.message ?? 'nope' }, create.status);
      return json({ ...endpoint({ _id: 'h3', ...body }), secret: SECRET }, 201);
    }
    if (path.endsWith('/rotate-secret')) return json({ ...OWN, secret: SECRET });
    if (path.endsWith('/deliveries')) return json({ attempts: ATTEMPTS });
    if (path.endsWith('/resend')) return json({ message: 'Delivery queued again' }, 202);
    if (path.endsWith('/test')) {
      if (test.status !== 202) return json({ message: test.message ?? 'nope' }, test.status);
      return json({ message: 'Test event sent' }, 202);
    }
    if (method === 'PUT') return json(endpoint({ _id: path.split('/').at(-1), ...body }));
    if (method === 'DELETE') return json({ message: 'Webhook deleted' });
    return json({ message: 'Not found' }, 404);
  });
}
