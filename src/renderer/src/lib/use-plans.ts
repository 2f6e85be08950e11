/**
 * The console's plan table is the one the server enforces (a self-hoster's PLANS_FILE changes
 * prices, names and limits), so prices, the FAQ, usage lines and limit toasts say what the 403s
 * do. This is the only renderer module that reads the built-in table (ESLint keeps the others off
 * it): it stands in until the server's answer arrives, and stays when the server cannot be asked.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_PLANS, PLAN_IDS, type PlanListResponse, type PlanTable } from '../../../shared/plans';
import { apiRequest } from './api-client';

export const PLANS_QUERY_KEY = ['public', 'plans'] as const;

/** `GET /public/plans`, as a table by plan id; an answer missing a plan is refused. */
export async function getPlans(): Promise<PlanTable> {
  const { plans } = await apiRequest<PlanListResponse>('/public/plans', { fallback: 'Failed to fetch plans' });
  const table: Partial<PlanTable> = {};
  for (const id of PLAN_IDS) {
    const plan = plans.find((candidate) => candidate.id === id);
    if (!plan) throw new Error(`The plan table has no ${id} plan`);
    table[id] = plan;
  }
  return table as PlanTable;
}

/**
 * The plan table: the built-in one at once, then the server's. It reads react-query's cache
 * directly instead of through `useQuery`, whose observer would add 3 KB to the landing page for
 * a value that needs none of its states. The table changes only when the server restarts, so it
 * is asked for again at most once a minute (a desktop app that moved to another server included).
 */
export function usePlans(): PlanTable {
  const client = useQueryClient();
  useEffect(() => {
    // A failure keeps what is shown; the next screen asks again.
    void client.prefetchQuery({ queryKey: PLANS_QUERY_KEY, queryFn: getPlans, staleTime: 60_000, gcTime: Infinity });
  }, [client]);
  return useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => client.getQueryData<PlanTable>(PLANS_QUERY_KEY) ?? DEFAULT_PLANS,
    // The build prerenders the built-in table; a page hydrates with it, then shows the server's.
    () => DEFAULT_PLANS,
  );
}
