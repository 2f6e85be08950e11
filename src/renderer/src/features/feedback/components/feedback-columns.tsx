import type { TableColumnsType } from 'antd';
import type { FeedbackItem } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { PageUrl } from '../../../components/page-url';
import { RelativeTime } from '../../../components/relative-time';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { MESSAGE_PREVIEW_LENGTH, truncate } from '../../../utils/truncate';
import type { AssigneeNames } from '../hooks/use-assignees';
import { authorLabel, widgetLabel } from '../utils/author-label';
import { AssigneeChip } from './assignee-chip';
import { FeedbackStatusTag } from './feedback-status-tag';
import { ViewDetailsButton } from './view-details-button';

type Columns = TableColumnsType<FeedbackItem>;

export interface FeedbackColumnsOptions {
  /** False while a widget filter is set: every row would name the same widget (docs/product.md §2). */
  showWidget: boolean;
  onView: (item: FeedbackItem) => void;
  /** The names behind `assigneeId`: each row shows whom it is assigned to. */
  assignees?: AssigneeNames;
}

// Widths in px, padding included; the message takes what is left (about 240 px at 1280 px).
const ACTIONS_WIDTH = 116;

// The status and the assignee lead the message, as labels lead a title: no columns of their own
// to take width from the message, and they are read first.
const messagePreview = (item: FeedbackItem, assignees: AssigneeNames | undefined) => (
  <span className="tb-feedback-message">
    <FeedbackStatusTag status={item.status} />{' '}
    {assignees && <AssigneeChip assigneeId={item.assigneeId} assignees={assignees} />}{' '}
    <span className="tb-feedback-message-text">{truncate(item.message, MESSAGE_PREVIEW_LENGTH)}</span>
  </span>
);
const pageUrl = (item: FeedbackItem) => <PageUrl url={item.pageUrl} className="tb-feedback-page-url" />;

function actionsColumn(onView: FeedbackColumnsOptions['onView']): Columns[number] {
  return {
    title: 'Actions',
    key: 'actions',
    width: ACTIONS_WIDTH,
    render: (_, item) => <ViewDetailsButton item={item} onView={onView} size="small" />,
  };
}

/** From 1280 px: every column of docs/product.md §2 on its own, and the browser. */
export function fullFeedbackColumns({ showWidget, onView, assignees }: FeedbackColumnsOptions): Columns {
  return [
    { title: 'Date', key: 'date', width: 96, render: (_, item) => <RelativeTime iso={item.createdAt} /> },
    { title: 'Page URL', key: 'pageUrl', width: 176, render: (_, item) => pageUrl(item) },
    {
      title: 'Author',
      key: 'author',
      width: 120,
      render: (_, item) => <ClampedText text={authorLabel(item)} lines={2} />,
    },
    { title: 'Message', key: 'message', render: (_, item) => messagePreview(item, assignees) },
    ...(showWidget
      ? [
          {
            title: 'Widget',
            key: 'widget',
            width: 120,
            render: (_: unknown, item: FeedbackItem) => <ClampedText text={widgetLabel(item)} lines={2} />,
          },
        ]
      : []),
    {
      title: 'Browser',
      key: 'browser',
      width: 128,
      render: (_, item) => <UserAgentSummary userAgent={item.userAgent} stacked className="tb-feedback-browser" />,
    },
    actionsColumn(onView),
  ];
}

/**
 * From 768 to 1279 px, beside the sidebar: who sent it, when and through which widget in one
 * column, the message over its page in another, and the action. The browser is in the details.
 */
export function compactFeedbackColumns({ showWidget, onView, assignees }: FeedbackColumnsOptions): Columns {
  return [
    {
      title: 'From',
      key: 'from',
      width: 160,
      render: (_, item) => (
        <span className="tb-cell-stack">
          <ClampedText text={authorLabel(item)} lines={2} />
          <RelativeTime iso={item.createdAt} className="tb-cell-note" />
          {showWidget && <ClampedText text={widgetLabel(item)} lines={1} className="tb-cell-note" />}
        </span>
      ),
    },
    {
      title: 'Message',
      key: 'message',
      render: (_, item) => (
        <span className="tb-cell-stack">
          {messagePreview(item, assignees)}
          <span className="tb-cell-note">{pageUrl(item)}</span>
        </span>
      ),
    },
    actionsColumn(onView),
  ];
}
