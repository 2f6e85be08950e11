import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `POST /api/webhooks/:id/test` (202): a `webhook.test` delivery is queued, active endpoint or not. */
export function sendTestWebhook(id: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/webhooks/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    auth: true,
    fallback: 'Failed to send test event',
  });
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    // The attempt lands in the endpoint's log once sent: an open log asks again.
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: ownerKeys.webhookDeliveries(id) }),
  });
}
