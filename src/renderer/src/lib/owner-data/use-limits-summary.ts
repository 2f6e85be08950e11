import { useQuery } from '@tanstack/react-query';
import type { LimitsSummary } from '../../../../shared/api';
import { apiRequest } from '../api-client';
import { ownerKeys } from './query-keys';

/** `GET /user/limits/summary`: the plan's widget and post limits and what is used. */
export function useLimitsSummary() {
  return useQuery({
    queryKey: ownerKeys.limits(),
    queryFn: () =>
      apiRequest<LimitsSummary>('/user/limits/summary', { auth: true, fallback: 'Failed to fetch limits summary' }),
  });
}
