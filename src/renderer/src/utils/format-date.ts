/** Dates in the en-US long-month format (docs/product.md, "Every screen"), e.g. `November 21, 2026`. */
export function formatLongDate(date: Date, options: { day?: boolean } = {}): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    ...(options.day === false ? {} : { day: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * "November 21, 2026 at 3:04 PM": the long month with the time, in the owner's own time zone, so
 * a visitor's report can be matched to the owner's day. Empty for a value that is not a date.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}
