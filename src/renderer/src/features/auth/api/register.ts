import type { MessageResponse } from '../../../../../shared/api';
import type { RegisterInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/auth/register` (docs/product.md §7). */
export function register(input: RegisterInput): Promise<MessageResponse> {
  return apiRequest('/auth/register', { method: 'POST', body: input, fallback: 'Signup failed' });
}
