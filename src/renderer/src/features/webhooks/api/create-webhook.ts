import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookWithSecret } from '../../../../../shared/api';
import type { WebhookInput } from '../../../../../shared/schemas/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `POST /api/webhooks`: a new endpoint with its `whsec_…` secret, shown this once; 403 on a plan without webhooks. */
export function createWebhook(input: WebhookInput): Promise<WebhookWithSecret> {
  return apiRequest<WebhookWithSecret>('/webhooks', {
    method: 'POST',
    body: input,
    auth: true,
    fallback: 'Failed to create webhook',
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.webhooks() }),
  });
}
