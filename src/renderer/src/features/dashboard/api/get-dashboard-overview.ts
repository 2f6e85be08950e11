import { useQuery } from '@tanstack/react-query';
import type { DashboardOverview } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `GET /dashboard/overview`: the stats and the newest feedback and news. */
export function getDashboardOverview(): Promise<DashboardOverview> {
  return apiRequest<DashboardOverview>('/dashboard/overview', { auth: true, fallback: 'Failed to fetch stats' });
}

export function useDashboardOverview() {
  return useQuery({ queryKey: ownerKeys.overview(), queryFn: getDashboardOverview });
}
