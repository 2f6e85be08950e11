import { useQuery } from '@tanstack/react-query';
import type { FeedbackListResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** Rows per page: a screenful that stays quick to scan and to render. */
export const FEEDBACK_PAGE_SIZE = 20;

export interface FeedbackPageQuery {
  widgetId: string | null;
  /** Where the page starts (the previous page's `nextCursor`); null for the newest page. */
  cursor: string | null;
}

/** `GET /api/feedback?widgetId&limit&cursor`: one page of the inbox, newest first. */
export function getFeedback({ widgetId, cursor }: FeedbackPageQuery): Promise<FeedbackListResponse> {
  const query: Record<string, string> = { limit: String(FEEDBACK_PAGE_SIZE) };
  if (widgetId) query.widgetId = widgetId;
  if (cursor) query.cursor = cursor;
  return apiRequest<FeedbackListResponse>('/feedback', { auth: true, query, fallback: 'Failed to fetch feedback' });
}

export function useFeedbackPage(page: FeedbackPageQuery) {
  const widgetKey = ownerKeys.feedback(page.widgetId);
  return useQuery({
    queryKey: [...widgetKey, page.cursor ?? 'newest'] as const,
    queryFn: () => getFeedback(page),
    // Paging keeps the current rows on screen until the next page arrives; a new filter does not,
    // or another widget's rows would show under the new filter for a moment.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[widgetKey.length - 1] === widgetKey.at(-1) ? previous : undefined,
  });
}
