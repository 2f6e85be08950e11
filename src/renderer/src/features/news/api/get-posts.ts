import { useQuery } from '@tanstack/react-query';
import type { PostListResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `GET /api/post?widgetId`: the owner's news posts, of one widget or all. */
export function getPosts(widgetId: string | null): Promise<PostListResponse> {
  return apiRequest<PostListResponse>('/post', {
    auth: true,
    query: widgetId ? { widgetId } : undefined,
    fallback: 'Failed to fetch posts',
  });
}

export function usePosts(widgetId: string | null) {
  return useQuery({
    queryKey: ownerKeys.posts(widgetId),
    queryFn: () => getPosts(widgetId),
    select: (data) => data.posts,
  });
}
