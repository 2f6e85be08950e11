import { useQuery } from '@tanstack/react-query';
import type { DashboardTimeseries } from '../../../../../shared/api';
import { DEFAULT_TIMESERIES_DAYS } from '../../../../../shared/limits';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { browserTimeZone } from '../../../utils/browser-time-zone';

/** The chart's span: the last 30 days, today included. */
export const TIMESERIES_DAYS = DEFAULT_TIMESERIES_DAYS;

/** `GET /dashboard/timeseries?days&tz`: visible feedback per day, oldest first, today last. */
export function getDashboardTimeseries(days: number, timeZone: string): Promise<DashboardTimeseries> {
  return apiRequest<DashboardTimeseries>('/dashboard/timeseries', {
    auth: true,
    query: { days: String(days), tz: timeZone },
    fallback: 'Failed to fetch stats',
  });
}

/**
 * The days in the browser's zone; in UTC when the server does not know that zone's name (a
 * browser may report one Node's time zone data lacks), rather than no chart at all.
 */
export async function getTimeseriesInZone(days: number, timeZone: string): Promise<DashboardTimeseries> {
  try {
    return await getDashboardTimeseries(days, timeZone);
  } catch (error) {
    const unknownZone =
      error instanceof ApiError && error.status === 400 && error.issues?.some((issue) => issue.path === 'tz');
    if (!unknownZone || timeZone === 'UTC') throw error;
    return getDashboardTimeseries(days, 'UTC');
  }
}

export function useDashboardTimeseries(days = TIMESERIES_DAYS) {
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: ownerKeys.timeseries(days, timeZone),
    queryFn: () => getTimeseriesInZone(days, timeZone),
  });
}
