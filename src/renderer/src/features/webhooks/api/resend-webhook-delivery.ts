import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

export interface ResendTarget {
  webhookId: string;
  deliveryId: string;
}

/** `POST /api/webhooks/:id/deliveries/:deliveryId/resend` (202): the delivery goes again, same `webhook-id`. */
export function resendWebhookDelivery({ webhookId, deliveryId }: ResendTarget): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(
    `/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    { method: 'POST', auth: true, fallback: 'Failed to resend delivery' },
  );
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSettled: (_data, _error, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: ownerKeys.webhookDeliveries(webhookId) }),
  });
}
