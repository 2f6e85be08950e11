import type { QueryClient } from '@tanstack/react-query';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** After a post changes: every post list, the dashboard's Recent News and the post limit. */
export function invalidatePostData(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ownerKeys.postsAll() }),
    queryClient.invalidateQueries({ queryKey: ownerKeys.overview() }),
    queryClient.invalidateQueries({ queryKey: ownerKeys.limits() }),
  ]).then(() => undefined);
}
