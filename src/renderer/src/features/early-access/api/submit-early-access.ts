import type { EarlyAccessInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/public/rebrand-submit` (docs/product.md §7). */
export function submitEarlyAccess(input: EarlyAccessInput): Promise<unknown> {
  return apiRequest('/public/rebrand-submit', {
    method: 'POST',
    body: input,
    fallback: 'Something went wrong. Try again later.',
  });
}
