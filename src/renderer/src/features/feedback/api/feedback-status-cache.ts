import type { QueryClient } from '@tanstack/react-query';
import type { FeedbackListResponse } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { tabShows } from '../utils/status-tabs';
import { tabOfPageKey } from './get-feedback';

/**
 * Shows a status change in every cached page of the inbox at once, before the server answers: the
 * entries take their new status, and leave the pages of a tab that no longer lists them. Keyboard
 * triage depends on it: the next key acts on the entry now in the focused place, not on the one
 * that just left. Returns the pages as they were, to put back if the change fails.
 */
export async function showStatusChange(
  queryClient: QueryClient,
  ids: readonly string[],
  status: FeedbackStatus,
): Promise<[readonly unknown[], FeedbackListResponse | undefined][]> {
  // A page fetched before the change must not land after it and bring the entries back.
  await queryClient.cancelQueries({ queryKey: ownerKeys.feedbackAll() });
  const changed = new Set(ids);
  const pages = queryClient
    .getQueriesData<FeedbackListResponse>({ queryKey: ownerKeys.feedbackAll() })
    .filter(([queryKey]) => tabOfPageKey(queryKey) !== null);
  for (const [queryKey, page] of pages) {
    const tab = tabOfPageKey(queryKey);
    if (!page || !tab) continue;
    const feedbacks = page.feedbacks
      .map((item) => (changed.has(item._id) ? { ...item, status } : item))
      .filter((item) => tabShows(tab, item.status));
    queryClient.setQueryData<FeedbackListResponse>(queryKey, { ...page, feedbacks });
  }
  return pages;
}

/**
 * After a status change, whatever it can have changed: the inbox's pages and tab counts, and the
 * dashboard, which leaves spam out. The hidden-feedback notice stays: spam keeps its place under
 * the monthly cap, so no status change shows or hides an entry.
 */
export function invalidateFeedbackStatusData(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ownerKeys.feedbackAll() }),
    queryClient.invalidateQueries({ queryKey: ownerKeys.overview() }),
  ]).then(() => undefined);
}
