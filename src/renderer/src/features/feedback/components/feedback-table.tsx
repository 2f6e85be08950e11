import { Button, Table, type TableColumnsType } from 'antd';
import type { FeedbackItem } from '../../../../../shared/api';
import { EmptyState } from '../../../components/empty-state';
import { PageUrl } from '../../../components/page-url';
import { RelativeTime } from '../../../components/relative-time';
import { UserAgentSummary } from '../../../components/user-agent-summary';
import { formatDateTime } from '../../../utils/format-date';
import { MESSAGE_PREVIEW_LENGTH, truncate } from '../../../utils/truncate';
import { authorLabel, widgetLabel } from '../utils/author-label';

export interface FeedbackTableProps {
  items: FeedbackItem[];
  loading: boolean;
  /** False while a widget filter is set: every row would name the same widget (spec §2). */
  showWidget: boolean;
  onView: (item: FeedbackItem) => void;
}

/** The /feedback table (spec §2): one row per feedback, every value rendered as text. */
export function FeedbackTable({ items, loading, showWidget, onView }: FeedbackTableProps) {
  const columns: TableColumnsType<FeedbackItem> = [
    {
      title: 'Date',
      key: 'date',
      render: (_, item) => <RelativeTime iso={item.createdAt} className="tb-nowrap" />,
    },
    {
      title: 'Page URL',
      key: 'pageUrl',
      render: (_, item) => <PageUrl url={item.pageUrl} className="tb-feedback-url" />,
    },
    { title: 'Author', key: 'author', render: (_, item) => authorLabel(item) },
    {
      title: 'Message',
      key: 'message',
      render: (_, item) => (
        <span className="tb-feedback-preview">{truncate(item.message, MESSAGE_PREVIEW_LENGTH)}</span>
      ),
    },
    ...(showWidget
      ? [
          {
            title: 'Widget',
            key: 'widget',
            render: (_: unknown, item: FeedbackItem) => widgetLabel(item),
          },
        ]
      : []),
    {
      title: 'Browser',
      key: 'browser',
      render: (_, item) => <UserAgentSummary userAgent={item.userAgent} stacked />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, item) => (
        <Button
          size="small"
          onClick={() => onView(item)}
          aria-label={`View details of feedback from ${authorLabel(item)}, ${formatDateTime(item.createdAt)}`}
        >
          View details
        </Button>
      ),
    },
  ];

  return (
    <Table<FeedbackItem>
      rowKey="_id"
      columns={columns}
      dataSource={items}
      loading={loading && items.length > 0}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        // Before the first page arrives, say so rather than claim the inbox is empty.
        emptyText: loading ? <span role="status">Loading...</span> : <EmptyState text="No feedback received yet." />,
      }}
    />
  );
}
