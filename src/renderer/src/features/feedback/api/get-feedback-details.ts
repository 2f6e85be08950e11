import { useQuery } from '@tanstack/react-query';
import type { FeedbackDetails } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

export const LOAD_THREAD_FAILED = 'Failed to load the replies and notes.';

/** `GET /api/feedback/:id`: one entry with its replies and private notes, oldest first. */
export function getFeedbackDetails(id: string): Promise<FeedbackDetails> {
  return apiRequest(`/feedback/${encodeURIComponent(id)}`, { auth: true, fallback: LOAD_THREAD_FAILED });
}

/**
 * One entry's thread. Beside the inbox's keys, not under them: a status change or a live event
 * refreshes the inbox, and neither changes a reply or a note.
 */
export function feedbackDetailsKey(id: string) {
  return [...ownerKeys.all, 'feedback-details', id] as const;
}

/** One entry's thread; nothing while `id` is null (no entry open). */
export function useFeedbackDetails(id: string | null) {
  return useQuery({
    queryKey: feedbackDetailsKey(id ?? ''),
    queryFn: () => getFeedbackDetails(id ?? ''),
    enabled: id !== null,
  });
}
