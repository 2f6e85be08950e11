import { useInfiniteQuery } from '@tanstack/react-query';
import type { InstallationListResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** Hosts per page of the installations panel: a short list under the widget's row. */
export const INSTALLATIONS_PAGE_SIZE = 10;

/** `GET /api/widget/:id/installations?limit&cursor`: one page of a widget's sites, oldest first. */
export function getInstallations(widgetId: string, cursor: string | null): Promise<InstallationListResponse> {
  const query: Record<string, string> = { limit: String(INSTALLATIONS_PAGE_SIZE) };
  if (cursor) query.cursor = cursor;
  return apiRequest<InstallationListResponse>(`/widget/${encodeURIComponent(widgetId)}/installations`, {
    auth: true,
    query,
    fallback: 'Failed to fetch installations',
  });
}

/**
 * A widget's installations, one page more per Load more. Keyed under the widgets, so whatever
 * refreshes the widget list (a removed host, an edit) refreshes these pages too.
 */
export function useInstallations(widgetId: string) {
  return useInfiniteQuery({
    queryKey: [...ownerKeys.widgets(), widgetId, 'installations'] as const,
    queryFn: ({ pageParam }) => getInstallations(widgetId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
