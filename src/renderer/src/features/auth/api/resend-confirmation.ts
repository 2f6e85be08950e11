import type { MessageResponse } from '../../../../../shared/api';
import type { PasswordResetRequestInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** Said when no new link could be asked for and the server gave no reason (e.g. no connection). */
export const RESEND_FAILED = 'The confirmation e-mail could not be sent. Please try again in a few minutes.';

/** `POST /api/public/resend-confirmation {email}`: a new confirmation link for an unconfirmed account. */
export function resendConfirmation(input: PasswordResetRequestInput): Promise<MessageResponse> {
  return apiRequest('/public/resend-confirmation', {
    method: 'POST',
    body: input,
    fallback: RESEND_FAILED,
  });
}
