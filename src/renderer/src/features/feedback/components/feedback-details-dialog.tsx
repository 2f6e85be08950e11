import { Button, Modal } from 'antd';
import { useCallback, useRef } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { PageUrl } from '../../../components/page-url';
import { PermissionHint } from '../../../components/permission-hint';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { formatDateTime } from '../../../utils/format-date';
import type { Assignees } from '../hooks/use-assignees';
import type { DetailsWalk } from '../hooks/use-details-walk';
import { DETAILS_DIALOG_CLASS } from '../hooks/use-triage-keys';
import { widgetLabel } from '../utils/author-label';
import { AssigneeChip } from './assignee-chip';
import { AssigneeSelect } from './assignee-select';
import { FeedbackDetailsNav } from './feedback-details-nav';
import { FeedbackStatusSelect } from './feedback-status-select';
import { FeedbackStatusTag } from './feedback-status-tag';
import { FeedbackThread } from './feedback-thread';
import './feedback-details-dialog.css';

export interface FeedbackDetailsDialogProps {
  item: FeedbackItem | null;
  onClose: () => void;
  /** Absent where the details are read only (a role that may not triage). */
  onStatusChange?: (status: FeedbackStatus) => void;
  statusBusy?: boolean;
  /** The team, to name the assignee and to pick another. */
  assignees?: Assignees;
  /** Absent where the details are read only. */
  onAssigneeChange?: (assigneeId: string | null) => void;
  assignBusy?: boolean;
  /** Once the dialog has gone: the list takes the focus back, to the row of the entry last shown. */
  afterClose?: () => void;
  /** Previous and Next through the list the entry is in; absent where there is no list to walk. */
  walk?: DetailsWalk;
}

/**
 * The details of one feedback (docs/product.md §2), the full message with its line breaks, all as text, and
 * its status and assignee, to change them on the spot (or, for a role that may not triage, to read
 * them); Previous and Next walk the list without closing it.
 */
export function FeedbackDetailsDialog({
  item,
  onClose,
  onStatusChange,
  statusBusy = false,
  assignees,
  onAssigneeChange,
  assignBusy = false,
  afterClose,
  walk,
}: FeedbackDetailsDialogProps) {
  const close = useRef<HTMLButtonElement>(null);
  const focusClose = useCallback(() => close.current?.focus(), []);
  // Back to the dialog itself after a choice: a select would take j, k, e and s as letters (antd
  // opens its list at one), and the owner goes on to the next entry with them.
  const focusDialog = () => close.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
  const chooseStatus = (status: FeedbackStatus) => {
    onStatusChange?.(status);
    focusDialog();
  };
  const chooseAssignee = (assigneeId: string | null) => {
    onAssigneeChange?.(assigneeId);
    focusDialog();
  };
  const editable = onStatusChange !== undefined;
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
      {item && editable && (
        <div className="tb-details-triage">
          <FeedbackStatusSelect value={item.status} busy={statusBusy} onChange={chooseStatus} />
          {assignees && onAssigneeChange && (
            <AssigneeSelect value={item.assigneeId} assignees={assignees} busy={assignBusy} onChange={chooseAssignee} />
          )}
        </div>
      )}
      {item && !editable && (
        <>
          <p className="tb-details-triage tb-details-triage-read">
            <FeedbackStatusTag status={item.status} />
            {assignees && <AssigneeChip assigneeId={item.assigneeId} assignees={assignees} />}
          </p>
          <PermissionHint permission="feedback.triage" />
        </>
      )}
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
