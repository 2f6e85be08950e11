/** Time as the server sees it; injected so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The calendar month (UTC) a moment falls in, as `YYYY-MM`. */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The first instant of the UTC calendar month of `date`, as an ISO string. */
export function startOfMonthIso(date: Date): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).toISOString();
}

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
