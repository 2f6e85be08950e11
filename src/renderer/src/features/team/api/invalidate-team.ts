import type { QueryClient } from '@tanstack/react-query';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** After any change to the team: the list, and the activity log that records it. */
export function invalidateTeam(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ownerKeys.members() }),
    queryClient.invalidateQueries({ queryKey: ownerKeys.activity() }),
  ]).then(() => undefined);
}
