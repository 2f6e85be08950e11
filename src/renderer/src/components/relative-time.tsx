import { formatLongDate } from '../utils/format-date';
import { timeAgo } from '../utils/relative-time';

/** A relative time ("3 hours ago") whose tooltip and machine-readable value is the exact date. */
export function RelativeTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={Number.isNaN(date.getTime()) ? undefined : formatLongDate(date)}>
      {timeAgo(iso)}
    </time>
  );
}
