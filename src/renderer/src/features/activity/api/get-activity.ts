import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** Entries per page: a screenful; Load more brings the next. */
export const ACTIVITY_PAGE_SIZE = 30;

/** `GET /api/workspace/activity?limit&cursor`: who did what, newest first (owners and admins). */
export function getActivity(cursor: string | null): Promise<ActivityResponse> {
  return apiRequest<ActivityResponse>('/workspace/activity', {
    auth: true,
    query: { limit: String(ACTIVITY_PAGE_SIZE), ...(cursor ? { cursor } : {}) },
    fallback: 'Failed to load the activity',
  });
}

export function useActivity() {
  return useInfiniteQuery({
    queryKey: ownerKeys.activity(),
    queryFn: ({ pageParam }) => getActivity(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
