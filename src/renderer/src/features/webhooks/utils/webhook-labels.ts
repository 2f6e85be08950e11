import type { WebhookDeliveryType } from '../../../../../shared/api';
import type { WebhookEvent, WebhookKind } from '../../../../../shared/schemas/webhooks';

/** Each kind's name, and where its URL comes from (the hint under the URL field). */
export const WEBHOOK_KIND_TEXT: Record<WebhookKind, { label: string; hint: string; placeholder: string }> = {
  generic: {
    label: 'Generic',
    hint: 'Your own endpoint: it receives signed JSON (Standard Webhooks) and should answer with a 2xx status.',
    placeholder: 'https://example.com/hooks/tellbox',
  },
  slack: {
    label: 'Slack',
    hint: "Paste the incoming-webhook URL from your Slack app's Incoming Webhooks page.",
    placeholder: 'https://hooks.slack.com/services/…',
  },
  discord: {
    label: 'Discord',
    hint: "Paste the webhook URL from the channel's Settings → Integrations → Webhooks.",
    placeholder: 'https://discord.com/api/webhooks/…',
  },
};

/** What each event sends, as the form's checkboxes and the list say it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookDeliveryType, string> = {
  'feedback.created': 'New feedback',
  'post.published': 'News post published',
  'webhook.test': 'Test event',
};

/** "New feedback, News post published": an endpoint's events in words. */
export function eventsText(events: readonly WebhookEvent[]): string {
  return events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ');
}
