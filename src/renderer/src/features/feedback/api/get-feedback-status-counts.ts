import { useQuery } from '@tanstack/react-query';
import type { FeedbackStatusCountsResponse } from '../../../../../shared/api';
import type { FeedbackSearch } from '../../../hooks/use-feedback-search-params';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { searchQuery } from '../utils/search-query';
import { searchKey } from './get-feedback';

/**
 * `GET /api/feedback/status-counts?widgetId&q&from&to&assignee`: visible feedback per status, for
 * the tabs, under the same widget and search as the list.
 */
export function getFeedbackStatusCounts(
  widgetId: string | null,
  search: FeedbackSearch,
): Promise<FeedbackStatusCountsResponse> {
  return apiRequest<FeedbackStatusCountsResponse>('/feedback/status-counts', {
    auth: true,
    query: { ...(widgetId ? { widgetId } : {}), ...searchQuery(search) },
    fallback: 'Failed to fetch feedback counts',
  });
}

export function useFeedbackStatusCounts(widgetId: string | null, search: FeedbackSearch) {
  return useQuery({
    queryKey: [...ownerKeys.feedbackStatusCounts(widgetId), ...searchKey(search)],
    queryFn: () => getFeedbackStatusCounts(widgetId, search),
    // A new search keeps the tabs' numbers until its own arrive, rather than blanking them.
    placeholderData: (previous) => previous,
  });
}
