/** The hours a digest can go out at, 0–23, as the schema allows them. */
export const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const HOUR_FORMAT = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** "9:00 AM": an hour of the day in the console's en-US format (docs/product.md, "Every screen"). */
export function formatHour(hour: number): string {
  return HOUR_FORMAT.format(Date.UTC(2000, 0, 1, hour));
}
