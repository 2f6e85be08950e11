import { useMutation } from '@tanstack/react-query';
import type { PaidPlanId } from '../../../../shared/schemas/subscription';
import { apiRequest } from '../api-client';
import { openExternal } from '../platform';

/**
 * `POST /subscription/checkout-session {plan}`: creates a checkout and opens its page in a new
 * tab (docs/product.md §7), or in the system browser in the desktop app. What the screen shows on success or
 * failure is the caller's (docs/product.md §8 differs between /checkout and the settings panel); a page the
 * desktop app refused to open fails the call (the app has told the owner why).
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (plan: PaidPlanId) => {
      const { url } = await apiRequest<{ url: string }>('/subscription/checkout-session', {
        method: 'POST',
        body: { plan },
        auth: true,
        fallback: 'Failed to create checkout session',
      });
      if (!(await openExternal(url))) throw new Error('The checkout page was not opened');
      return url;
    },
  });
}
