/**
 * The depth of the two outgoing queues, read when Prometheus scrapes: mail handed to the mailer and
 * not yet sent, and the webhook deliveries still pending in the database.
 */
import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '../lib/logger';

export interface QueueSources {
  /** Messages handed to the mailer that are not yet delivered and have not failed. */
  mailQueued: () => number;
  /** Pending webhook deliveries: due now (being sent included), and scheduled for a later retry. */
  webhookQueueDepth: () => Promise<{ due: number; scheduled: number }>;
  logger: Logger;
}

export function registerQueueGauges(registry: Registry, { mailQueued, webhookQueueDepth, logger }: QueueSources) {
  new Gauge({
    name: 'tellbox_mail_queue_depth',
    help: 'E-mails handed to the mailer on this instance and not yet sent (nor failed).',
    registers: [registry],
    collect() {
      this.set(mailQueued());
    },
  });
  new Gauge({
    name: 'tellbox_webhook_queue_depth',
    help: 'Webhook deliveries pending in the database (all instances): state="due" for those whose time has come, being sent included; state="scheduled" for those waiting for a later retry.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const { due, scheduled } = await webhookQueueDepth();
        this.set({ state: 'due' }, due);
        this.set({ state: 'scheduled' }, scheduled);
      } catch (error) {
        // No number rather than a stale one: the series go absent while the database is away.
        this.reset();
        logger.warn({ err: error }, 'the webhook queue could not be measured for /metrics');
      }
    },
  });
}
