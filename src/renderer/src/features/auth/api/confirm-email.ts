import type { MessageResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/public/confirm-email?token=…` (docs/product.md §7). */
export function confirmEmail(token: string): Promise<MessageResponse> {
  return apiRequest('/public/confirm-email', {
    method: 'POST',
    query: { token },
    fallback: 'Failed to confirm email. Please try again.',
  });
}
