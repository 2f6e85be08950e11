import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackListResponse, FeedbackStatusResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { tabOfPageKey } from './get-feedback';

/** Whom an entry goes to: a member's account id, or null for nobody. */
export interface FeedbackAssignment {
  id: string;
  assigneeId: string | null;
}

/**
 * `PATCH /api/feedback/:id {assigneeId}`: assigns an entry to a member who may triage, or
 * unassigns it (null). A 400 on `assigneeId` for anyone else.
 */
export function assignFeedback({ id, assigneeId }: FeedbackAssignment): Promise<FeedbackStatusResponse> {
  return apiRequest(`/feedback/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { assigneeId },
    auth: true,
    fallback: 'Failed to assign feedback',
  });
}

type CachedPages = [readonly unknown[], FeedbackListResponse | undefined][];

/**
 * Assigns or unassigns one entry. The inbox shows the new assignee at once (and takes it back if
 * the server refuses); once answered, the inbox is read again, so a view by assignee ("Assigned to
 * me") gains or loses the entry, with its counts.
 */
export function useAssignFeedback() {
  const queryClient = useQueryClient();
  return useMutation<FeedbackStatusResponse, Error, FeedbackAssignment, CachedPages>({
    mutationFn: assignFeedback,
    onMutate: async ({ id, assigneeId }) => {
      await queryClient.cancelQueries({ queryKey: ownerKeys.feedbackAll() });
      const pages = queryClient
        .getQueriesData<FeedbackListResponse>({ queryKey: ownerKeys.feedbackAll() })
        .filter(([queryKey]) => tabOfPageKey(queryKey) !== null);
      for (const [queryKey, page] of pages) {
        if (!page) continue;
        const feedbacks = page.feedbacks.map((item) => (item._id === id ? { ...item, assigneeId } : item));
        queryClient.setQueryData<FeedbackListResponse>(queryKey, { ...page, feedbacks });
      }
      return pages;
    },
    onError: (_error, _assignment, before) => {
      for (const [queryKey, page] of before ?? []) queryClient.setQueryData(queryKey, page);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.feedbackAll() }),
  });
}
