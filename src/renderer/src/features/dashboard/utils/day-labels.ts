/**
 * Labels for the timeseries' calendar days (`YYYY-MM-DD` in the owner's time zone). A day is read
 * as local midnight and formatted in the local zone, so it never shifts by one.
 */
function parseDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const LONG = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

/** "Nov 24": an axis label. */
export function shortDay(date: string): string {
  return SHORT.format(parseDay(date));
}

/** "Tue, Nov 24": a tooltip or table row. */
export function longDay(date: string): string {
  return LONG.format(parseDay(date));
}
