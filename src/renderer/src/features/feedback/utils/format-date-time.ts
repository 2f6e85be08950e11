const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * "November 21, 2026 at 3:04 PM": the en-US long month (decisions §9) with the time, in the
 * owner's own time zone, so a visitor's report can be matched to the owner's day.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}
