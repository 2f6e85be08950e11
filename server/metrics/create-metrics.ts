/**
 * The metrics of one app, on a prom-client Registry of its own (tests run many apps in one
 * process; the global registry would mix them). Built only when METRICS_TOKEN is set: otherwise no
 * hook is installed and requests pay nothing (docs/architecture.md, "Metrics").
 */
import type { Kysely } from 'kysely';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { PlanTable } from '../../src/shared/plans';
import type { Database } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Clock } from '../lib/time';
import type { Mailer } from '../mail/mailer';
import type { BillingMode } from '../modules/plans/plans.service';
import { createFeedbackMetrics } from './feedback-metrics';
import { createHttpMetrics } from './http-metrics';
import { createMetricsRoute } from './metrics-route';
import { registerPoolGauges, type PoolStats } from './pool-metrics';
import { registerQueueGauges, type QueueSources } from './queue-metrics';

export type { PoolStats } from './pool-metrics';

export interface MetricsDeps {
  /** METRICS_TOKEN. */
  token: string;
  db: Kysely<Database>;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  logger: Logger;
  /** The mail queue is what the mailer has not sent yet. */
  mailer: Pick<Mailer, 'queued'>;
  webhooks: { queueDepth: QueueSources['webhookQueueDepth'] };
  /** PostgreSQL's pool; undefined on SQLite, which has none. */
  poolStats?: () => PoolStats;
}

export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  // The process's CPU, memory, event-loop lag and GC, as every Node.js exporter names them.
  collectDefaultMetrics({ register: registry });
  const http = createHttpMetrics(registry);
  const feedback = createFeedbackMetrics({ ...deps, registry });
  const streamsOpen = new Gauge({
    name: 'tellbox_event_streams_open',
    help: "Owners' event streams (GET /api/events) open on this instance.",
    registers: [registry],
  });
  registerQueueGauges(registry, {
    mailQueued: deps.mailer.queued,
    webhookQueueDepth: deps.webhooks.queueDepth,
    logger: deps.logger,
  });
  if (deps.poolStats) registerPoolGauges(registry, deps.poolStats);

  return {
    /** Express middleware: counts and times every request Express answers. */
    expressRequests: http.expressRequests,
    /** The public widget handler's `observe`. */
    observePublic: http.observePublic,
    /** The feedback writer's OnFeedbackCommitted. */
    onFeedbackCommitted: feedback.onCommitted,
    /** The event stream registry's observer. */
    streamObserver: { opened: () => streamsOpen.inc(), closed: () => streamsOpen.dec() },
    /** `GET /metrics`. */
    route: createMetricsRoute({ token: deps.token, registry, beforeScrape: feedback.settled }),
  };
}
