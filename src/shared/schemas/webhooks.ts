import { MAX_URL_LENGTH } from '../limits';
import { z } from './zod';

export const WEBHOOK_KINDS = ['generic', 'slack', 'discord'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_EVENTS = ['feedback.created', 'post.published'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Endpoints per account. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;
/** The delivery log keeps this many attempts per endpoint. */
export const WEBHOOK_LOG_SIZE = 100;
/**
 * Deliveries an account may have waiting to be sent (due or waiting for a retry). Past it a new
 * one is not queued: its log entry says why. Endpoints that answer drain to nothing; this many
 * waiting means endpoints that keep failing (a retry schedule lasts about 28 hours).
 */
export const MAX_PENDING_DELIVERIES_PER_ACCOUNT = 5000;

const URL_MESSAGE = 'Enter a URL that starts with http:// or https://';

/** The body of `POST /api/webhooks` and `PUT /api/webhooks/:id`. */
export const webhookInputSchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: URL_MESSAGE })
    .trim()
    .max(MAX_URL_LENGTH, URL_MESSAGE),
  kind: z.enum(WEBHOOK_KINDS, 'Choose generic, Slack or Discord'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, 'Unknown event'))
    .min(1, 'Choose at least one event')
    .transform((events) => [...new Set(events)]),
  /** The widgets whose events are sent; null for every widget. */
  widgetIds: z.array(z.string().trim().min(1).max(64)).max(1000).nullable(),
  active: z.boolean(),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;
export type WebhookData = z.output<typeof webhookInputSchema>;
