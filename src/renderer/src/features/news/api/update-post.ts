import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsPost } from '../../../../../shared/api';
import type { NewsPostData } from '../../../../../shared/schemas/news';
import { apiRequest } from '../../../lib/api-client';
import { invalidatePostData } from './invalidate-post-data';

/** `PUT /api/post/:id`: the post's new fields. */
export function updatePost({ id, input }: { id: string; input: NewsPostData }): Promise<{ post: NewsPost }> {
  return apiRequest(`/post/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    auth: true,
    fallback: 'Failed to update post',
  });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePost, onSuccess: () => invalidatePostData(queryClient) });
}
