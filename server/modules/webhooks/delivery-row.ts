import type { Insertable } from 'kysely';
import type { WebhookPayload } from '../../../src/shared/api';
import type { WebhookDeliveriesTable } from '../../db/schema';
import { newDeliveryId } from './signing';

/** A delivery of `payload` to an endpoint, due now, with a fresh `webhook-id` it keeps for good. */
export function newDeliveryRow(
  endpoint: { id: string; workspace_id: string },
  payload: WebhookPayload,
  now: Date,
): Insertable<WebhookDeliveriesTable> {
  return {
    id: newDeliveryId(),
    endpoint_id: endpoint.id,
    workspace_id: endpoint.workspace_id,
    event_type: payload.type,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now.toISOString(),
    locked_until: null,
    created_at: now.toISOString(),
    delivered_at: null,
  };
}
