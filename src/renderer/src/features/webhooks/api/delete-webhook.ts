import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `DELETE /api/webhooks/:id`: the endpoint goes, with its delivery log. */
export function deleteWebhook(id: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/webhooks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallback: 'Failed to delete webhook',
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.webhooks() }),
  });
}
