import { useQuery } from '@tanstack/react-query';
import type { PlanChangePreview } from '../../../../../shared/api';
import type { PlanId } from '../../../../../shared/plans';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/subscription/preview {plan}`: what the change would cost and when; changes nothing. */
export function previewPlanChange(plan: PlanId): Promise<PlanChangePreview> {
  return apiRequest('/subscription/preview', {
    method: 'POST',
    body: { plan },
    auth: true,
    fallback: 'We could not work out the price of this change.',
  });
}

/**
 * The preview for the plan-change dialog. Not under the owner's keys, which the change itself
 * refreshes: the dialog closes then, and a second preview would be one more call to Stripe. Never
 * reused later, since prorations move with every day of the period.
 */
export function usePlanChangePreview(plan: PlanId) {
  return useQuery({
    queryKey: ['plan-change-preview', plan],
    queryFn: () => previewPlanChange(plan),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
