import { formatDateTime } from '../../../utils/format-date';

export interface ThreadEntry {
  id: string;
  text: string;
  /** ISO time it was written. */
  at: string;
}

/**
 * Replies or notes, oldest first, each under "who · when" with its line breaks kept, all as text.
 */
export function ThreadEntries({
  label,
  empty,
  entries,
  meta,
}: {
  label: string;
  empty: string;
  entries: ThreadEntry[];
  /** Before the date: "Replied". */
  meta: string;
}) {
  if (entries.length === 0) return <p className="tb-muted tb-thread-empty">{empty}</p>;
  return (
    <ol className="tb-thread-entries" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="tb-thread-entry">
          <div className="tb-thread-meta">
            {meta} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </div>
          <p className="tb-thread-text">{entry.text}</p>
        </li>
      ))}
    </ol>
  );
}
