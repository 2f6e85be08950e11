import type { LoginResponse } from '../../../../../shared/api';
import type { LoginInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/auth/login` (docs/product.md §7). */
export function login(input: LoginInput): Promise<LoginResponse> {
  return apiRequest('/auth/login', { method: 'POST', body: input, fallback: 'Login failed' });
}
