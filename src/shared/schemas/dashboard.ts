import { DEFAULT_TIMESERIES_DAYS, MAX_TIMESERIES_DAYS } from '../limits';
import { isTimeZone } from '../time-zone';
import { z } from './zod';

export const TIMESERIES_DAYS_MESSAGE = `days must be a whole number from 1 to ${MAX_TIMESERIES_DAYS}`;
export const TIME_ZONE_MESSAGE = 'tz must be an IANA time zone name, such as Europe/Rome';

/**
 * `GET /api/dashboard/timeseries?days&tz`: the last `days` calendar days, today included, as they
 * fall in the time zone `tz`. Digits only for `days` (no `1e1`, `0x1E` or `30.0`).
 */
export const timeseriesQuerySchema = z.object({
  days: z
    .string({ error: TIMESERIES_DAYS_MESSAGE })
    .regex(/^\d{1,3}$/, TIMESERIES_DAYS_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, TIMESERIES_DAYS_MESSAGE).max(MAX_TIMESERIES_DAYS, TIMESERIES_DAYS_MESSAGE))
    .default(DEFAULT_TIMESERIES_DAYS),
  tz: z.string({ error: TIME_ZONE_MESSAGE }).refine(isTimeZone, TIME_ZONE_MESSAGE).default('UTC'),
});
export type TimeseriesQuery = z.output<typeof timeseriesQuerySchema>;
