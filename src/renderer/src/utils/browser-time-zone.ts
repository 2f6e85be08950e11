import { isTimeZone } from '../../../shared/time-zone';

/**
 * The browser's IANA time zone, the owner's own clock: a day on the dashboard's chart is their
 * calendar day, a daily digest's hour is their hour. UTC when the browser names none the server
 * accepts, so neither a chart nor Save ever fails on it.
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}
