import type { MessageResponse } from '../../../../../shared/api';
import type { ResetPasswordInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/public/reset-password` (docs/product.md §7). */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return apiRequest('/public/reset-password', {
    method: 'POST',
    body: input,
    fallback: 'Failed to reset password. The link may have expired.',
  });
}
