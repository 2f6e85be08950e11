/**
 * The body an endpoint receives, by its kind: the JSON payload itself for generic endpoints, or a
 * message Slack or Discord can post. The same payload is stored once and shaped at send time.
 */
import type { WebhookPayload } from '../../../src/shared/api';
import type { WebhookKind } from '../../../src/shared/schemas/webhooks';
import { discordMessageFor } from './discord-message';
import { slackMessageFor } from './slack-message';

/** The request body (JSON text) to send to an endpoint of `kind`. */
export function bodyFor(kind: WebhookKind, payload: WebhookPayload): string {
  switch (kind) {
    case 'generic':
      return JSON.stringify(payload);
    case 'slack':
      return JSON.stringify(slackMessageFor(payload));
    case 'discord':
      return JSON.stringify(discordMessageFor(payload));
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown webhook kind: ${String(unknown)}`);
    }
  }
}
