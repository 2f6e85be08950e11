/** A run of entries of one day of the owner's own calendar, under its heading. */
export interface DayGroup<T> {
  /** `YYYY-MM-DD`, local. */
  day: string;
  /** "Today", "Yesterday", or "November 19, 2026". */
  label: string;
  items: T[];
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Entries (newest first, as the log lists them) in runs by local day, each with its heading, in
 * the order they came: "Today", "Yesterday", then dates.
 */
export function groupByDay<T>(items: readonly T[], timeOf: (item: T) => string, now: Date = new Date()): DayGroup<T>[] {
  const today = localDay(now);
  const yesterday = localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(timeOf(item));
    const day = Number.isNaN(date.getTime()) ? 'unknown' : localDay(date);
    const last = groups.at(-1);
    if (last?.day === day) {
      last.items.push(item);
      continue;
    }
    const label =
      day === today
        ? 'Today'
        : day === yesterday
          ? 'Yesterday'
          : day === 'unknown'
            ? 'Earlier'
            : LONG_DATE.format(date);
    groups.push({ day, label, items: [item] });
  }
  return groups;
}
