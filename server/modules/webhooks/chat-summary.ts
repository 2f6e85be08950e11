/**
 * What a chat message says about a delivery, before it is shaped for Slack or Discord: which kind
 * of event it is, with its data typed, and the heading both apps show.
 */
import type { FeedbackCreatedData, PostPublishedData, WebhookPayload } from '../../../src/shared/api';
import { isPayloadOf } from './payloads';

export type ChatSummary =
  | { event: 'feedback'; heading: string; data: FeedbackCreatedData }
  | { event: 'post'; heading: string; data: PostPublishedData };

/** The payload's event and heading: "New feedback on Docs", "Test event from Tellbox", or the post's title. */
export function summarise(payload: WebhookPayload): ChatSummary {
  if (isPayloadOf(payload, 'post.published')) {
    return { event: 'post', heading: `${payload.data.icon} ${payload.data.title}`, data: payload.data };
  }
  if (isPayloadOf(payload, 'webhook.test')) {
    return { event: 'feedback', heading: 'Test event from Tellbox', data: payload.data };
  }
  if (isPayloadOf(payload, 'feedback.created')) {
    return { event: 'feedback', heading: `New feedback on ${payload.data.widgetName}`, data: payload.data };
  }
  throw new Error(`No chat message for webhook payloads of type ${String(payload.type)}`);
}
