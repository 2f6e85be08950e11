import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookWithSecret } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `POST /api/webhooks/:id/rotate-secret`: a new `whsec_…` secret, shown this once; the old one stops at once. */
export function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return apiRequest<WebhookWithSecret>(`/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    auth: true,
    fallback: 'Failed to rotate webhook secret',
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.webhooks() }),
  });
}
