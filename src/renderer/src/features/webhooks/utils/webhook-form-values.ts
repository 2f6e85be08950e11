import type { WebhookEndpoint } from '../../../../../shared/api';
import { WEBHOOK_EVENTS, type WebhookInput } from '../../../../../shared/schemas/webhooks';

/** A new endpoint: generic, every event, every widget, on. */
export function newWebhookFormValues(): WebhookInput {
  return { url: '', kind: 'generic', events: [...WEBHOOK_EVENTS], widgetIds: null, active: true };
}

/** An endpoint as the form edits it (the wire shape is the form's, less what the server keeps). */
export function toWebhookFormValues(endpoint: WebhookEndpoint): WebhookInput {
  return {
    url: endpoint.url,
    kind: endpoint.kind,
    events: [...endpoint.events],
    widgetIds: endpoint.widgetIds === null ? null : [...endpoint.widgetIds],
    active: endpoint.active,
  };
}
