import type { MessageResponse } from '../../../../../shared/api';
import type { PasswordResetRequestInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/public/request-password-reset` (docs/product.md §7). */
export function requestPasswordReset(input: PasswordResetRequestInput): Promise<MessageResponse> {
  return apiRequest('/public/request-password-reset', {
    method: 'POST',
    body: input,
    fallback: 'Error sending email',
  });
}
