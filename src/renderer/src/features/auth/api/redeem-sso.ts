import type { LoginResponse } from '../../../../../shared/api';
import type { SsoRedeemInput } from '../../../../../shared/schemas/sso';
import { ssoErrorMessage } from '../../../../../shared/sso';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/auth/oidc/redeem`: a finished single sign-on's one-time code, for a session. */
export function redeemSso(input: SsoRedeemInput): Promise<LoginResponse> {
  return apiRequest('/auth/oidc/redeem', { method: 'POST', body: input, fallback: ssoErrorMessage('failed', null) });
}
