/** Dates in the en-US long-month format (decisions §9), e.g. `November 21, 2026`. */
export function formatLongDate(date: Date, options: { day?: boolean } = {}): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    ...(options.day === false ? {} : { day: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
}
