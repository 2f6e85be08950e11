/**
 * The JSON body every generic webhook delivery carries, `{ type, timestamp, data }`, and the sample
 * the console's "Send test event" sends. Slack and Discord get the same payload, reshaped by
 * chat-messages.ts.
 */
import type { FeedbackCreatedData, WebhookDeliveryType, WebhookPayload } from '../../../src/shared/api';

/** A delivery's body for `type`, stamped with the moment the event happened. */
export function buildWebhookPayload<T extends WebhookDeliveryType>(
  type: T,
  data: WebhookPayload<T>['data'],
  timestamp: Date,
): WebhookPayload<T> {
  return { type, timestamp: timestamp.toISOString(), data };
}

/** Where a sample without a server address points; example.com is reserved for examples (RFC 2606). */
const EXAMPLE_ORIGIN = 'https://example.com';

/**
 * The console's test event: feedback-shaped, so a receiver can try its `feedback.created` handling,
 * but typed `webhook.test` and saying plainly that it is a test. `publicUrl` (the server's address,
 * without a trailing slash) makes `data.url` open the real inbox.
 */
export function buildTestPayload(timestamp: Date, publicUrl?: string): WebhookPayload<'webhook.test'> {
  const createdAt = timestamp.toISOString();
  const data: FeedbackCreatedData = {
    id: 'test',
    widgetId: 'test',
    widgetName: 'Example widget',
    message: 'This is a test event from Tellbox. If you can read it, your webhook works.',
    pageUrl: `${EXAMPLE_ORIGIN}/pricing`,
    authorName: 'Tellbox',
    createdAt,
    url: `${publicUrl ?? EXAMPLE_ORIGIN}/feedback`,
  };
  return buildWebhookPayload('webhook.test', data, timestamp);
}

/** Narrows a payload read back from storage to one delivery type, so its `data` has that type's shape. */
export function isPayloadOf<T extends WebhookDeliveryType>(
  payload: WebhookPayload,
  type: T,
): payload is WebhookPayload<T> {
  return payload.type === type;
}
