import { useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryLog } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** How often an open delivery log asks again: a queued test or resend shows up by itself. */
export const DELIVERY_LOG_REFRESH_MS = 5000;

/** `GET /api/webhooks/:id/deliveries`: the endpoint's last attempts, newest first. */
export function getWebhookDeliveries(id: string): Promise<WebhookDeliveryLog> {
  return apiRequest<WebhookDeliveryLog>(`/webhooks/${encodeURIComponent(id)}/deliveries`, {
    auth: true,
    fallback: 'Failed to fetch deliveries',
  });
}

/** The delivery log of `id`, or nothing while no log is open (`id` null). */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: ownerKeys.webhookDeliveries(id ?? ''),
    queryFn: () => getWebhookDeliveries(id ?? ''),
    enabled: id !== null,
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
    select: (data) => data.attempts,
  });
}
