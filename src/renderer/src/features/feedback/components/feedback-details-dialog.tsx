import { Button, Modal } from 'antd';
import type { FeedbackItem } from '../../../../../shared/api';
import { PageUrl } from '../../../components/page-url';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { formatDateTime } from '../../../utils/format-date';
import { widgetLabel } from '../utils/author-label';

/** The details of one feedback (spec §2), the full message with its line breaks, all as text. */
export function FeedbackDetailsDialog({ item, onClose }: { item: FeedbackItem | null; onClose: () => void }) {
  return (
    <Modal
      title="Feedback details"
      open={item !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      destroyOnHidden
    >
      {item && (
        <dl className="tb-details">
          <dt>Date</dt>
          <dd>
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </dd>
          <dt>Widget</dt>
          <dd>{widgetLabel(item)}</dd>
          {(item.authorName || item.authorEmail) && (
            <>
              <dt>Author</dt>
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
          <dt>Page URL</dt>
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
          <dt>Message</dt>
          <dd className="tb-details-message">{item.message}</dd>
        </dl>
      )}
    </Modal>
  );
}
