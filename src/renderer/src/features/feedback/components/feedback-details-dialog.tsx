import { Button, Modal } from 'antd';
import { useCallback, useRef } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { PageUrl } from '../../../components/page-url';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { formatDateTime } from '../../../utils/format-date';
import type { DetailsWalk } from '../hooks/use-details-walk';
import { DETAILS_DIALOG_CLASS } from '../hooks/use-triage-keys';
import { widgetLabel } from '../utils/author-label';
import { FeedbackDetailsNav } from './feedback-details-nav';
import { FeedbackStatusSelect } from './feedback-status-select';
import { FeedbackThread } from './feedback-thread';
import './feedback-details-dialog.css';

export interface FeedbackDetailsDialogProps {
  item: FeedbackItem | null;
  onClose: () => void;
  /** Absent where the details are read only. */
  onStatusChange?: (status: FeedbackStatus) => void;
  statusBusy?: boolean;
  /** Once the dialog has gone: the list takes the focus back, to the row of the entry last shown. */
  afterClose?: () => void;
  /** Previous and Next through the list the entry is in; absent where there is no list to walk. */
  walk?: DetailsWalk;
}

/**
 * The details of one feedback (docs/product.md §2), the full message with its line breaks, all as text, and
 * its status, to change it on the spot; Previous and Next walk the list without closing it.
 */
export function FeedbackDetailsDialog({
  item,
  onClose,
  onStatusChange,
  statusBusy = false,
  afterClose,
  walk,
}: FeedbackDetailsDialogProps) {
  const close = useRef<HTMLButtonElement>(null);
  const focusClose = useCallback(() => close.current?.focus(), []);
  const chooseStatus = (status: FeedbackStatus) => {
    onStatusChange?.(status);
    // Back to the dialog itself: the select would take j, k, e and s as letters (antd opens its
    // list at one), and the owner goes on to the next entry with them.
    close.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
  };
  const footer = (
    <div className="tb-details-footer">
      {walk && <FeedbackDetailsNav walk={walk} fallbackFocus={focusClose} />}
      <Button ref={close} onClick={onClose} className="tb-details-close">
        Close
      </Button>
    </div>
  );
  return (
    <Modal
      title="Feedback details"
      open={item !== null}
      onCancel={onClose}
      afterClose={afterClose}
      // Where the list places the focus itself, the dialog leaves it alone: handed back to the row
      // that opened the details, it would pull triage back there from the entry last walked to.
      focusable={{ focusTriggerAfterClose: !afterClose }}
      rootClassName={DETAILS_DIALOG_CLASS}
      footer={footer}
      destroyOnHidden
    >
      {item && onStatusChange && <FeedbackStatusSelect value={item.status} busy={statusBusy} onChange={chooseStatus} />}
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
      {item && <FeedbackThread key={item._id} item={item} />}
    </Modal>
  );
}
