/**
 * `/metrics` (issue 18): Prometheus's text format behind METRICS_TOKEN, scraped before and after
 * real traffic. Every scrape is read by the official Python client's parser
 * (`prometheus_client.parser.text_string_to_metric_families`), and the assertions use what it
 * parsed, so a line Prometheus would refuse fails the test.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { METRICS_TOKEN_REQUIRED } from '../../server/metrics/metrics-route';
import { UNMATCHED_ROUTE } from '../../server/metrics/http-metrics';
import { PUBLIC_WIDGET_ROUTES } from '../../server/modules/public-widget/public-widget.handler';
import { RETRY_DELAYS_MS } from '../../server/modules/webhooks/retry-schedule';
import { EVENT_STREAM_PATH } from '../../src/shared/desktop-events';
import { DEFAULT_PLANS, type PlanTable } from '../../src/shared/plans';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, validFeedback, VALID_WIDGET, type TestOwner } from '../helpers/factories';
import { answerWith, startReceiver, type Receiver } from '../helpers/http-receiver';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { withClockAdvanced } from '../helpers/test-clock';
import { testDatabaseKind } from '../helpers/test-database';

const TOKEN = 'metrics-test-token-0123456789abcdef';
/** The free plan shows 3 entries a month here, so a handful of posts goes past it. */
const FREE_CAP = 3;
const PLANS: PlanTable = {
  ...DEFAULT_PLANS,
  free: { ...DEFAULT_PLANS.free, limits: { ...DEFAULT_PLANS.free.limits, visibleFeedbackPerMonth: FREE_CAP } },
};
const ENV = {
  METRICS_TOKEN: TOKEN,
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  SECRET_KEY: 'a-metrics-test-server-key-of-at-least-32-characters',
};
/** Due deliveries are looked for once an hour: a delivery made due by the clock stays in the queue. */
const SLOW_DELIVERIES = { deliveriesEveryMs: 3_600_000 };
const ORIGIN = { Origin: 'https://shop.example.com' };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Family {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

/** The official parser, run over the scraped text; non-finite values come back as numbers too. */
const PARSER = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
families = []
for family in text_string_to_metric_families(sys.stdin.read()):
    families.append({
        "name": family.name, "type": family.type, "help": family.documentation,
        "samples": [{"name": s.name, "labels": s.labels,
                     "value": s.value if math.isfinite(s.value) else str(s.value)} for s in family.samples],
    })
json.dump(families, sys.stdout)
`;

function parseExposition(text: string): Promise<Family[]> {
  return new Promise((resolve, reject) => {
    const python = spawn('/usr/bin/python3', ['-c', PARSER], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    python.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    python.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    python.on('error', reject);
    python.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`prometheus_client refused the scrape (exit ${code}):\n${err}`));
        return;
      }
      const families = JSON.parse(out) as Family[];
      for (const family of families) for (const sample of family.samples) sample.value = Number(sample.value);
      resolve(families);
    });
    python.stdin.end(text);
  });
}

/** One scrape as Prometheus reads it. */
class Scrape {
  constructor(readonly families: Family[]) {}

  family(name: string): Family | undefined {
    return this.families.find((family) => family.name === name);
  }

  /** The value of the sample with exactly these labels (among others); 0 when there is none yet. */
  value(sampleName: string, labels: Record<string, string> = {}): number {
    const matching = this.families
      .flatMap((family) => family.samples)
      .filter(
        (sample) =>
          sample.name === sampleName && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      );
    return matching.reduce((sum, sample) => sum + sample.value, 0);
  }

  requests(method: string, route: string, status: number) {
    return this.value('tellbox_http_requests_total', { method, route, status: String(status) });
  }
}

let server: TestServer;
let api: ApiClient;
const receivers: Receiver[] = [];

async function scrape(): Promise<Scrape> {
  const response = await api.get('/metrics', { token: TOKEN });
  expect(response.status, response.text).toBe(200);
  return new Scrape(await parseExposition(response.text));
}

async function sendFeedback(siteKey: string, count: number) {
  for (let index = 0; index < count; index++) {
    const response = await api.post(
      `/api/public/widget/${siteKey}/feedback`,
      validFeedback({ message: `Entry ${index + 1}` }),
      { headers: ORIGIN },
    );
    expect(response.status, response.text).toBe(201);
  }
}

beforeAll(async () => {
  server = await startTestServer({ env: ENV, plans: PLANS, app: SLOW_DELIVERIES });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

describe('access', () => {
  test('without METRICS_TOKEN /metrics is 404, as any unknown page is', async () => {
    const plain = await startTestServer();
    try {
      const client = createApiClient(plain.url);
      const unknown = await client.get('/no-such-page-here');
      const metrics = await client.get('/metrics', { token: TOKEN });
      expect(unknown.status).toBe(404);
      expect(metrics.status).toBe(404);
      expect(metrics.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
      expect(metrics.text).not.toContain('tellbox_');
    } finally {
      await plain.close();
    }
  });

  test('without the token or with a wrong one: 401 with the one error body, and no numbers', async () => {
    const wrongTokens = [
      {},
      { token: 'metrics-test-token-0123456789abcdeX' },
      { token: `${TOKEN}0` },
      { headers: { Authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` } },
    ];
    for (const options of wrongTokens) {
      const response = await api.get('/metrics', options);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toEqual({ message: METRICS_TOKEN_REQUIRED });
    }
  });

  test('with the token: 200 in text format 0.0.4, every line accepted by the official parser', async () => {
    const response = await api.get('/metrics', { token: TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const parsed = new Scrape(await parseExposition(response.text));
    const typeOf = (name: string) => parsed.family(name)?.type;
    expect(typeOf('tellbox_http_requests')).toBe('counter');
    expect(typeOf('tellbox_http_request_duration_seconds')).toBe('histogram');
    expect(typeOf('tellbox_feedback_written')).toBe('counter');
    expect(typeOf('tellbox_feedback_hidden')).toBe('counter');
    expect(typeOf('tellbox_event_streams_open')).toBe('gauge');
    expect(typeOf('tellbox_mail_queue_depth')).toBe('gauge');
    expect(typeOf('tellbox_webhook_queue_depth')).toBe('gauge');
    // prom-client's process metrics share the app's registry.
    expect(typeOf('process_cpu_user_seconds')).toBe('counter');
    expect(typeOf('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(parsed.family('tellbox_feedback_hidden')?.help).toMatch(
      /beyond the monthly visible cap.*upgrade that shows them is not counted/,
    );
    expect(parsed.value('tellbox_mail_queue_depth')).toBeGreaterThanOrEqual(0);
  });

  test('the PostgreSQL pool is measured on PostgreSQL; SQLite, which has no pool, shows no pool gauges', async () => {
    const parsed = await scrape();
    if (testDatabaseKind() === 'postgres') {
      const open = parsed.value('tellbox_db_pool_connections');
      // DATABASE_POOL_MAX's default, 10, bounds what the pool holds.
      expect(open).toBeGreaterThanOrEqual(1);
      expect(open).toBeLessThanOrEqual(10);
      expect(parsed.value('tellbox_db_pool_idle_connections')).toBeLessThanOrEqual(open);
      // The scrape's own webhook-queue query may be waiting for its connection as the pool is read.
      expect(parsed.value('tellbox_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
      expect(parsed.family('tellbox_db_pool_waiting_requests')?.type).toBe('gauge');
    } else {
      expect(parsed.family('tellbox_db_pool_connections')).toBeUndefined();
      expect(parsed.family('tellbox_db_pool_waiting_requests')).toBeUndefined();
    }
  });
});

describe('counters move by what happened between two scrapes', () => {
  let owner: TestOwner;
  let siteKey: string;
  let widgetId: string;

  beforeAll(async () => {
    owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    siteKey = widget.key;
    widgetId = widget._id;
  });

  test('feedback written and hidden past a free plan cap', async () => {
    const before = await scrape();
    // FREE_CAP shown, the rest kept but hidden.
    await sendFeedback(siteKey, FREE_CAP + 2);
    const after = await scrape();
    expect(after.value('tellbox_feedback_written_total') - before.value('tellbox_feedback_written_total')).toBe(
      FREE_CAP + 2,
    );
    expect(after.value('tellbox_feedback_hidden_total') - before.value('tellbox_feedback_hidden_total')).toBe(2);
    // The inbox says the same.
    const summary = await api.get<{ hiddenFeedbackCount: number }>('/api/feedback/summary', {
      token: owner.token,
    });
    expect(summary.body.hiddenFeedbackCount).toBe(2);

    // Within a paid plan's cap nothing is hidden.
    const pro = await createOwner(server, api, { plan: 'pro' });
    const proWidget = await createWidget(api, pro);
    await sendFeedback(proWidget.key, 4);
    const third = await scrape();
    expect(third.value('tellbox_feedback_written_total') - after.value('tellbox_feedback_written_total')).toBe(4);
    expect(third.value('tellbox_feedback_hidden_total')).toBe(after.value('tellbox_feedback_hidden_total'));
  });

  test('requests per route pattern and status, ids never in a label', async () => {
    const before = await scrape();
    const widgetRoute = '/api/widget/:id';

    await sendFeedback(siteKey, 2);
    expect((await api.get(`/api/public/widget/${siteKey}`, { headers: ORIGIN })).status).toBe(200);
    expect((await api.get('/api/public/widget/no-such-key', { headers: ORIGIN })).status).toBe(404);
    const invalid = await api.put(widgetRoute.replace(':id', widgetId), { name: '' }, { token: owner.token });
    expect(invalid.status).toBe(400);
    const missing = await api.put('/api/widget/no-such-widget', VALID_WIDGET, { token: owner.token });
    expect(missing.status).toBe(404);
    const renamed = await api.put(
      `/api/widget/${widgetId}`,
      { ...VALID_WIDGET, name: 'Renamed' },
      { token: owner.token },
    );
    expect(renamed.status).toBe(200);
    expect((await api.get('/api/no-such-route', { token: owner.token })).status).toBe(404);

    const after = await scrape();
    const delta = (method: string, route: string, status: number) =>
      after.requests(method, route, status) - before.requests(method, route, status);
    expect(delta('POST', PUBLIC_WIDGET_ROUTES.feedback, 201)).toBe(2);
    expect(delta('GET', PUBLIC_WIDGET_ROUTES.config, 200)).toBe(1);
    expect(delta('GET', PUBLIC_WIDGET_ROUTES.config, 404)).toBe(1);
    expect(delta('PUT', widgetRoute, 400)).toBe(1);
    expect(delta('PUT', widgetRoute, 404)).toBe(1);
    expect(delta('PUT', widgetRoute, 200)).toBe(1);
    expect(delta('GET', UNMATCHED_ROUTE, 404)).toBe(1);
    // The scrape before this one was counted under its own route.
    expect(delta('GET', '/metrics', 200)).toBe(1);

    // The histogram counts the same requests.
    const timed = (scraped: Scrape) =>
      scraped.value('tellbox_http_request_duration_seconds_count', {
        method: 'PUT',
        route: widgetRoute,
        status: '400',
      });
    expect(timed(after) - timed(before)).toBe(1);
    expect(
      after.value('tellbox_http_request_duration_seconds_bucket', {
        method: 'PUT',
        route: widgetRoute,
        status: '400',
        le: '+Inf',
      }),
    ).toBe(timed(after));

    const routes = new Set(
      after.family('tellbox_http_requests')?.samples.map((sample) => sample.labels.route as string) ?? [],
    );
    for (const route of routes) {
      for (const id of [siteKey, widgetId, 'no-such-widget', 'no-such-key', 'no-such-route']) {
        expect(route).not.toContain(id);
      }
    }
  });

  test('an open event stream shows 1, then 0 once it has closed', async () => {
    const before = (await scrape()).value('tellbox_event_streams_open');
    const abort = new AbortController();
    const stream = await fetch(`${server.url}${EVENT_STREAM_PATH}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    await reader?.read(); // the stream's first bytes: it is registered by now
    expect((await scrape()).value('tellbox_event_streams_open')).toBe(before + 1);

    abort.abort();
    await reader?.cancel().catch(() => undefined);
    // Polled until the server has seen the stream close (as long as a busy machine takes).
    await expect
      .poll(async () => (await scrape()).value('tellbox_event_streams_open'), { timeout: 10_000 })
      .toBe(before);
  });

  test('the webhook queue: a delivery waiting for its retry is scheduled, then due once its time comes', async () => {
    const receiver = await startReceiver(answerWith(503, 'down for maintenance'));
    receivers.push(receiver);
    const pro = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, pro);
    const endpoint = await api.post(
      '/api/webhooks',
      { url: `${receiver.origin}/hook`, kind: 'generic', events: ['feedback.created'], widgetIds: null, active: true },
      { token: pro.token },
    );
    expect(endpoint.status, endpoint.text).toBe(201);
    const depth = async () => {
      const scraped = await scrape();
      return {
        due: scraped.value('tellbox_webhook_queue_depth', { state: 'due' }),
        scheduled: scraped.value('tellbox_webhook_queue_depth', { state: 'scheduled' }),
      };
    };
    expect(await depth()).toEqual({ due: 0, scheduled: 0 });

    await sendFeedback(widget.key, 1);
    // The first attempt is made at once and refused, so the delivery waits for its retry (the
    // attempt is over, and recorded, once the background work has settled).
    await server.settleBackground();
    expect(receiver.requests.length).toBe(1);
    expect(await depth()).toEqual({ due: 0, scheduled: 1 });

    // Its retry time reached, with no run of the worker since: it is due, still in the queue.
    await withClockAdvanced(server.clock, (RETRY_DELAYS_MS[0] ?? 0) + 1_000, async () => {
      expect(await depth()).toEqual({ due: 1, scheduled: 0 });
    });
  });
});
