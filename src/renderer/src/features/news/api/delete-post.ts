import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidatePostData } from './invalidate-post-data';

/** `DELETE /api/post/:id`. */
export function deletePost(id: string): Promise<unknown> {
  return apiRequest(`/post/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallback: 'Failed to delete post',
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: () => invalidatePostData(queryClient) });
}
