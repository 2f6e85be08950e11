import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '../../../../../shared/api';
import type { WebhookInput } from '../../../../../shared/schemas/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `PUT /api/webhooks/:id`: the endpoint's new settings; switching it on again clears why it was off. */
export function updateWebhook({ id, input }: { id: string; input: WebhookInput }): Promise<WebhookEndpoint> {
  return apiRequest<WebhookEndpoint>(`/webhooks/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    auth: true,
    fallback: 'Failed to update webhook',
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.webhooks() }),
  });
}
