import { formatDateTime } from '../utils/format-date';
import { timeAgo } from '../utils/relative-time';

/**
 * A relative time ("3 hours ago") whose tooltip is the exact date and time in the owner's time
 * zone, and whose machine-readable value is the instant itself.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const exact = formatDateTime(iso);
  return (
    <time dateTime={iso} title={exact || undefined} className={className}>
      {timeAgo(iso)}
    </time>
  );
}
