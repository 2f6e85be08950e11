import type { FeedbackItem } from '../../../../../shared/api';
import { RECENT_ITEMS_LIMIT } from '../../../../../shared/limits';
import { RelativeTime } from '../../../components/relative-time';
import { FeedCard } from './feed-card';

/**
 * Recent Feedback (spec §2): page URL, time since with "ago", the message and the browser, all as
 * text (a visitor wrote them).
 */
export function RecentFeedback({
  items,
  loading = false,
  title = 'Recent Feedback',
  limit = RECENT_ITEMS_LIMIT,
}: {
  items: FeedbackItem[];
  loading?: boolean;
  title?: string;
  limit?: number;
}) {
  return (
    <FeedCard title={title} loading={loading} emptyText="No feedback received yet">
      {items.slice(0, limit).map((item) => (
        <li key={item._id} className="tb-feed-item">
          <div className="tb-feed-meta">
            <span className="tb-break">{item.pageUrl}</span>
            <RelativeTime iso={item.createdAt} />
          </div>
          <p className="tb-feed-text">{item.message}</p>
          {item.userAgent && <p className="tb-muted tb-feed-small">{item.userAgent}</p>}
        </li>
      ))}
    </FeedCard>
  );
}
