import type { FeedbackItem } from '../../../../../shared/api';
import { RECENT_ITEMS_LIMIT } from '../../../../../shared/limits';
import { PageUrl } from '../../../components/page-url';
import { RelativeTime } from '../../../components/relative-time';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { FeedCard } from './feed-card';

/**
 * Recent Feedback: the page (path and host), time since with "ago", the message and the
 * browser in a few words, all as text (a visitor wrote them).
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
            <PageUrl url={item.pageUrl} className="tb-feed-url" />
            <RelativeTime iso={item.createdAt} className="tb-nowrap" />
          </div>
          <p className="tb-feed-text">{item.message}</p>
          {item.userAgent && <UserAgentSummary userAgent={item.userAgent} className="tb-muted tb-feed-small" />}
        </li>
      ))}
    </FeedCard>
  );
}
