import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsPost } from '../../../../../shared/api';
import type { NewsPostData } from '../../../../../shared/schemas/news';
import { apiRequest } from '../../../lib/api-client';
import { invalidatePostData } from './invalidate-post-data';

/** `POST /api/post`: a new post; 403 when the plan's post limit is reached. */
export function createPost(input: NewsPostData): Promise<{ post: NewsPost }> {
  return apiRequest('/post', { method: 'POST', body: input, auth: true, fallback: 'Failed to create post' });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPost, onSuccess: () => invalidatePostData(queryClient) });
}
