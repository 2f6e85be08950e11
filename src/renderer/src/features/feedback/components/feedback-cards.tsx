import type { ReactNode } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { ListCard, ListCards } from '../../../components/list/list-cards';
import { PageUrl } from '../../../components/page-url';
import { RelativeTime } from '../../../components/relative-time';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { MESSAGE_PREVIEW_LENGTH, truncate } from '../../../utils/truncate';
import { authorLabel, widgetLabel } from '../utils/author-label';
import { ViewDetailsButton } from './view-details-button';

export interface FeedbackCardsProps {
  items: FeedbackItem[];
  loading: boolean;
  showWidget: boolean;
  empty: ReactNode;
  onView: (item: FeedbackItem) => void;
}

/** The inbox on a phone: who and when, the message, then its page, widget and browser. */
export function FeedbackCards({ items, loading, showWidget, empty, onView }: FeedbackCardsProps) {
  return (
    <ListCards
      label="Feedback"
      items={items}
      itemKey={(item) => item._id}
      loading={loading}
      empty={empty}
      renderCard={(item) => (
        <ListCard
          title={<ClampedText text={authorLabel(item)} lines={2} />}
          aside={<RelativeTime iso={item.createdAt} />}
          body={<p className="tb-feedback-message">{truncate(item.message, MESSAGE_PREVIEW_LENGTH)}</p>}
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
