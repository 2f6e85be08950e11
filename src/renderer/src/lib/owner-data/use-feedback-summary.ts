import { useQuery } from '@tanstack/react-query';
import type { FeedbackSummary } from '../../../../shared/api';
import { apiRequest } from '../api-client';
import { ownerKeys } from './query-keys';

/** `GET /feedback/summary`: the monthly cap and how much feedback it hides. */
export function useFeedbackSummary() {
  return useQuery({
    queryKey: ownerKeys.feedbackSummary(),
    queryFn: () =>
      apiRequest<FeedbackSummary>('/feedback/summary', { auth: true, fallback: 'Failed to fetch feedback summary' }),
  });
}
