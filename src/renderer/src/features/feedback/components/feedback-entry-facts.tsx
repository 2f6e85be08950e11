import type { FeedbackItem } from '../../../../../shared/api';
import { PageUrl } from '../../../components/page-url';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { formatDateTime } from '../../../utils/format-date';
import { widgetLabel } from '../utils/author-label';

/**
 * What came with an entry (docs/product.md §2), all as text: who sent it (a mailto: link to a
 * visitor who left an address), the page, the browser (the raw user agent on request), the widget
 * and when.
 */
export function FeedbackEntryFacts({ item }: { item: FeedbackItem }) {
  return (
    <dl className="tb-details tb-entry-facts">
      {(item.authorName || item.authorEmail) && (
        <>
          <dt>Visitor</dt>
          <dd>
            {item.authorName}
            {item.authorEmail && (
              <>
                {item.authorName ? ' (' : ''}
                {/* Checked as an e-mail address when the visitor sent it, so this stays a mailto: link. */}
                <a href={`mailto:${item.authorEmail}`}>{item.authorEmail}</a>
                {item.authorName ? ')' : ''}
              </>
            )}
          </dd>
        </>
      )}
      <dt>Page</dt>
      <dd>
        <PageUrl url={item.pageUrl} full />
      </dd>
      <dt>Browser</dt>
      <dd>
        <UserAgentSummary userAgent={item.userAgent} />
        {item.userAgent && (
          <details className="tb-details-raw">
            <summary>User agent</summary>
            <span>{item.userAgent}</span>
          </details>
        )}
      </dd>
      <dt>Widget</dt>
      <dd>{widgetLabel(item)}</dd>
      <dt>Received</dt>
      <dd>
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
      </dd>
    </dl>
  );
}
