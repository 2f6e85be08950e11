import { Checkbox } from 'antd';
import type { ReactNode } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { ListCard, ListCards } from '../../../components/list/list-cards';
import { PageUrl } from '../../../components/page-url';
import { RelativeTime } from '../../../components/relative-time';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { MESSAGE_PREVIEW_LENGTH, truncate } from '../../../utils/truncate';
import { authorLabel, widgetLabel } from '../utils/author-label';
import type { AssigneeNames } from '../hooks/use-assignees';
import { feedbackName } from '../utils/feedback-name';
import { triageRowProps, type FeedbackTriage } from '../utils/triage-row-props';
import { AssigneeChip } from './assignee-chip';
import { FeedbackStatusTag } from './feedback-status-tag';
import { ViewDetailsButton } from './view-details-button';

export interface FeedbackCardsProps {
  items: FeedbackItem[];
  loading: boolean;
  showWidget: boolean;
  empty: ReactNode;
  onView: (item: FeedbackItem) => void;
  assignees?: AssigneeNames;
  triage?: FeedbackTriage;
}

/** The author, after a checkbox that selects the card where the inbox is triaged. */
function cardTitle(item: FeedbackItem, triage: FeedbackTriage | undefined) {
  const author = <ClampedText text={authorLabel(item)} lines={2} />;
  const select = triage?.onSelectedChange;
  if (!triage || !select) return author;
  const selected = triage.selectedIds.includes(item._id);
  const others = triage.selectedIds.filter((id) => id !== item._id);
  return (
    <span className="tb-feedback-card-title">
      <Checkbox
        checked={selected}
        aria-label={`Select ${feedbackName(item)}`}
        onChange={(event) => select(event.target.checked ? [...others, item._id] : others)}
      />
      {author}
    </span>
  );
}

/** The inbox on a phone: who and when, the status and message, then its page, widget and browser. */
export function FeedbackCards({ items, loading, showWidget, empty, onView, assignees, triage }: FeedbackCardsProps) {
  return (
    <ListCards
      label="Feedback"
      items={items}
      itemKey={(item) => item._id}
      loading={loading}
      empty={empty}
      itemProps={triage && ((item, index) => triageRowProps(triage, item._id, index))}
      renderCard={(item) => (
        <ListCard
          title={cardTitle(item, triage)}
          aside={<RelativeTime iso={item.createdAt} />}
          body={
            <p className="tb-feedback-message">
              <FeedbackStatusTag status={item.status} />{' '}
              {assignees && <AssigneeChip assigneeId={item.assigneeId} assignees={assignees} />}{' '}
              <span className="tb-feedback-message-text">{truncate(item.message, MESSAGE_PREVIEW_LENGTH)}</span>
            </p>
          }
          fields={[
            { label: 'Page URL', value: <PageUrl url={item.pageUrl} className="tb-feedback-page-url" /> },
            ...(showWidget ? [{ label: 'Widget', value: <ClampedText text={widgetLabel(item)} lines={2} /> }] : []),
            { label: 'Browser', value: <UserAgentSummary userAgent={item.userAgent} /> },
          ]}
          actions={<ViewDetailsButton item={item} onView={onView} size="middle" block />}
        />
      )}
    />
  );
}
