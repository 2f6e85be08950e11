import type { FeedbackItem } from '../../../../../shared/api';
import { EmptyState } from '../../../components/empty-state';
import { ListTable } from '../../../components/list/list-table';
import { useListLayout } from '../../../lib/use-list-layout';
import { compactFeedbackColumns, fullFeedbackColumns } from './feedback-columns';
import { FeedbackCards } from './feedback-cards';
import './feedback-table.css';

export interface FeedbackTableProps {
  items: FeedbackItem[];
  loading: boolean;
  /** False while a widget filter is set: every row would name the same widget (spec §2). */
  showWidget: boolean;
  onView: (item: FeedbackItem) => void;
}

/**
 * The /feedback list (spec §2): one row per feedback, every value rendered as text. A table as
 * wide as the page (fewer, merged columns below 1280 px), cards on a phone.
 */
export function FeedbackTable({ items, loading, showWidget, onView }: FeedbackTableProps) {
  const layout = useListLayout();
  // Before the first page arrives, say so rather than claim the inbox is empty.
  const empty = loading ? <span role="status">Loading...</span> : <EmptyState text="No feedback received yet." />;
  const busy = loading && items.length > 0;

  if (layout === 'cards') {
    return <FeedbackCards items={items} loading={busy} showWidget={showWidget} empty={empty} onView={onView} />;
  }
  const columns = (layout === 'full' ? fullFeedbackColumns : compactFeedbackColumns)({ showWidget, onView });
  return (
    <ListTable<FeedbackItem>
      rowKey="_id"
      columns={columns}
      dataSource={items}
      loading={busy}
      locale={{ emptyText: empty }}
    />
  );
}
