/**
 * When a delivery is tried again after a failed attempt: quickly at first (a receiver that was
 * restarting), then further apart, for a little over 24 hours in all. The same `webhook-id` goes
 * with every attempt, so a receiver that got an earlier one can tell.
 */
import { HOUR_MS } from '../../lib/time';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/** The wait before attempt 2, 3, …; after the last one fails the delivery is given up. */
export const RETRY_DELAYS_MS = [
  5 * SECOND_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
] as const;

/** An endpoint failing for this long is switched off and its owner told. */
export const DISABLE_AFTER_FAILING_MS = 72 * HOUR_MS;

/** The wait after failed attempt number `attempt` (1-based), or null when none is left. */
export function retryDelayAfter(attempt: number): number | null {
  return RETRY_DELAYS_MS[attempt - 1] ?? null;
}
