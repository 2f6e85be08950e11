import { useQuery } from '@tanstack/react-query';
import type { WebhookListResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `GET /api/webhooks`: the owner's endpoints, without their secrets. */
export function getWebhooks(): Promise<WebhookListResponse> {
  return apiRequest<WebhookListResponse>('/webhooks', { auth: true, fallback: 'Failed to fetch webhooks' });
}

export function useWebhooks() {
  return useQuery({ queryKey: ownerKeys.webhooks(), queryFn: getWebhooks, select: (data) => data.webhooks });
}
