import { useQuery } from '@tanstack/react-query';
import type { FeedbackListResponse } from '../../../../../shared/api';
import { NO_SEARCH, type FeedbackSearch } from '../../../hooks/use-feedback-search-params';
import type { FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { searchQuery } from '../utils/search-query';

/** Rows per page: a screenful that stays quick to scan and to render. */
export const FEEDBACK_PAGE_SIZE = 20;

export interface FeedbackPageQuery {
  widgetId: string | null;
  /** The inbox tab: one status, or `all` (every status but spam). */
  status: FeedbackStatusTab;
  /** Words and dates the entries must match. */
  search: FeedbackSearch;
  /** Where the page starts (the previous page's `nextCursor`); null for the newest page. */
  cursor: string | null;
}

/** `GET /api/feedback?widgetId&status&q&from&to&assignee&limit&cursor`: one page of the inbox, newest first. */
export function getFeedback({ widgetId, status, search, cursor }: FeedbackPageQuery): Promise<FeedbackListResponse> {
  const query: Record<string, string> = { limit: String(FEEDBACK_PAGE_SIZE), status, ...searchQuery(search) };
  if (widgetId) query.widgetId = widgetId;
  if (cursor) query.cursor = cursor;
  return apiRequest<FeedbackListResponse>('/feedback', { auth: true, query, fallback: 'Failed to fetch feedback' });
}

const PAGE = 'page';

/** The search's part of a key: plain strings, so two renders of one search share the key's parts. */
export function searchKey({ q, from, to, assignee }: FeedbackSearch) {
  return ['search', q ?? '', from ?? '', to ?? '', assignee ?? ''] as const;
}

/** A page's key: the widget's feedback key, the search, then the tab, then where the page starts. */
export function feedbackPageKey({ widgetId, status, search, cursor }: FeedbackPageQuery) {
  return [...ownerKeys.feedback(widgetId), ...searchKey(search), PAGE, status, cursor ?? 'newest'] as const;
}

/** How many parts a page's key has: the tab counts' key is shorter, whatever words it holds. */
const PAGE_KEY_LENGTH = feedbackPageKey({ widgetId: null, status: 'all', search: NO_SEARCH, cursor: null }).length;

/** The tab a cached page was fetched for, read back from its key; null for any other query. */
export function tabOfPageKey(queryKey: readonly unknown[]): FeedbackStatusTab | null {
  return queryKey.length === PAGE_KEY_LENGTH && queryKey.at(-3) === PAGE
    ? (queryKey.at(-2) as FeedbackStatusTab)
    : null;
}

export function useFeedbackPage(page: FeedbackPageQuery) {
  const filterKey = feedbackPageKey(page).slice(0, -1);
  return useQuery({
    queryKey: feedbackPageKey(page),
    queryFn: () => getFeedback(page),
    // Paging keeps the current rows on screen until the next page arrives; a new filter or tab
    // does not, or another widget's (or status's) rows would show under it for a moment.
    placeholderData: (previous, previousQuery) =>
      previousQuery && filterKey.every((part, index) => previousQuery.queryKey[index] === part) ? previous : undefined,
  });
}
