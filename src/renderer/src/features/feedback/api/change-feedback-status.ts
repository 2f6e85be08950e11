import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackListResponse, FeedbackStatusResponse } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { invalidateFeedbackStatusData, showStatusChange } from './feedback-status-cache';

/** One entry (the details, a key) or the owner's selection (the bulk bar). */
export type FeedbackStatusChange = { id: string; status: FeedbackStatus } | { ids: string[]; status: FeedbackStatus };

export const changedIds = (change: FeedbackStatusChange): string[] => ('id' in change ? [change.id] : change.ids);

const FALLBACK = 'Failed to update feedback';

/** `PATCH /api/feedback/:id {status}`: one entry (a 404 when the owner has no such entry). */
export function updateFeedbackStatus(id: string, status: FeedbackStatus): Promise<FeedbackStatusResponse> {
  return apiRequest(`/feedback/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { status },
    auth: true,
    fallback: FALLBACK,
  });
}

/** `POST /api/feedback/bulk {ids, status}`: a selection, at most a page of the inbox. */
export function bulkUpdateFeedbackStatus(ids: string[], status: FeedbackStatus): Promise<FeedbackStatusResponse> {
  return apiRequest('/feedback/bulk', { method: 'POST', body: { ids, status }, auth: true, fallback: FALLBACK });
}

function sendStatusChange(change: FeedbackStatusChange): Promise<FeedbackStatusResponse> {
  return 'id' in change
    ? updateFeedbackStatus(change.id, change.status)
    : bulkUpdateFeedbackStatus(change.ids, change.status);
}

/** Every status change, so one can tell whether others are still on their way. */
const STATUS_CHANGE_KEY = [...ownerKeys.feedbackAll(), 'status-change'] as const;

type CachedPages = [readonly unknown[], FeedbackListResponse | undefined][];

/**
 * Changes the status of one entry or a selection. The inbox shows the change at once (and takes
 * it back if the server refuses it); once the server has answered, everything the change touches
 * is fetched again, once no other change is on its way. What the owner is told is the caller's.
 */
export function useChangeFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation<FeedbackStatusResponse, Error, FeedbackStatusChange, CachedPages>({
    mutationKey: STATUS_CHANGE_KEY,
    mutationFn: sendStatusChange,
    onMutate: (change) => showStatusChange(queryClient, changedIds(change), change.status),
    onError: (_error, _change, before) => {
      for (const [queryKey, page] of before ?? []) queryClient.setQueryData(queryKey, page);
    },
    // Only after the last of several quick changes (keys pressed in a row): a page fetched while
    // a later change is still on its way would bring its entry back for a moment, under the focus.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: STATUS_CHANGE_KEY }) === 1
        ? invalidateFeedbackStatusData(queryClient)
        : undefined,
  });
}
