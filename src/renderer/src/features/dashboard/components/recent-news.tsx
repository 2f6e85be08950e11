import type { NewsPost } from '../../../../../shared/api';
import { RECENT_ITEMS_LIMIT } from '../../../../../shared/limits';
import { isSafeLink } from '../../../../../shared/links';
import { RelativeTime } from '../../../components/relative-time';
import { FeedCard } from './feed-card';
import { PostStatusTag } from '../../../components/post-status-tag';

/**
 * A post's link: "Learn more" in a new tab for http(s) only, anything else as plain text
 * (docs/product.md, "Every screen").
 */
function PostLink({ link, title }: { link: string | null; title: string }) {
  if (isSafeLink(link)) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" aria-label={`Learn more: ${title} (opens in a new tab)`}>
        Learn more
      </a>
    );
  }
  return link ? <p className="tb-muted tb-break tb-feed-small">Link: {link}</p> : null;
}

/** Recent News (docs/product.md §2): icon, title, Published/Draft, time since, content and the optional link. */
export function RecentNews({
  items,
  loading = false,
  title = 'Recent News',
  limit = RECENT_ITEMS_LIMIT,
}: {
  items: NewsPost[];
  loading?: boolean;
  title?: string;
  limit?: number;
}) {
  return (
    <FeedCard title={title} loading={loading} emptyText="No news posts created yet">
      {items.slice(0, limit).map((post) => (
        <li key={post._id} className="tb-feed-item">
          <div className="tb-feed-meta">
            <span className="tb-feed-title">
              <span aria-hidden="true">{post.icon}</span> <strong>{post.title}</strong>
            </span>
            <span className="tb-feed-status">
              <PostStatusTag status={post.status} />
              <RelativeTime iso={post.createdAt} />
            </span>
          </div>
          <p className="tb-feed-text">{post.content}</p>
          <PostLink link={post.link} title={post.title} />
        </li>
      ))}
    </FeedCard>
  );
}
