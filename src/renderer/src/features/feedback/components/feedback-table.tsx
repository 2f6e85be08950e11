import { Empty } from 'antd';
import type { ReactNode } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import { EmptyState } from '../../../components/empty-state';
import { ListTable } from '../../../components/list/list-table';
import { useListLayout } from '../../../lib/use-list-layout';
import type { AssigneeNames } from '../hooks/use-assignees';
import { feedbackName } from '../utils/feedback-name';
import { triageRowProps, type FeedbackTriage } from '../utils/triage-row-props';
import { compactFeedbackColumns, fullFeedbackColumns } from './feedback-columns';
import { FeedbackCards } from './feedback-cards';
import './feedback-table.css';

/** What an inbox with nothing in it says (docs/product.md §2). */
export const EMPTY_INBOX_TEXT = 'No feedback received yet.';

export interface FeedbackTableProps {
  items: FeedbackItem[];
  loading: boolean;
  /** False while a widget filter is set: every row would name the same widget (docs/product.md §2). */
  showWidget: boolean;
  onView: (item: FeedbackItem) => void;
  /** The names behind `assigneeId`; without them, the rows show no assignee. */
  assignees?: AssigneeNames;
  /** What an empty list says (a tab has its own words); the empty inbox's text (docs/product.md §2) otherwise. */
  emptyText?: string;
  /** Under the empty text: the way out (Clear filters, after a search that found nothing). */
  emptyAction?: ReactNode;
  /** Checkboxes and keyboard focus, where the list is triaged. */
  triage?: FeedbackTriage;
}

/** Room for a checkbox, its padding included. */
const SELECTION_WIDTH = 44;

/**
 * The /feedback list (docs/product.md §2): one row per feedback, every value rendered as text. A table as
 * wide as the page (fewer, merged columns below 1280 px), cards on a phone.
 */
export function FeedbackTable({
  items,
  loading,
  showWidget,
  onView,
  assignees,
  emptyText = EMPTY_INBOX_TEXT,
  emptyAction,
  triage,
}: FeedbackTableProps) {
  const layout = useListLayout();
  const nothing = emptyAction ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
      {emptyAction}
    </Empty>
  ) : (
    <EmptyState text={emptyText} />
  );
  // Before the first page arrives, say so rather than claim the inbox is empty.
  const empty = loading ? (
    <span role="status" className="tb-feedback-loading">
      Loading...
    </span>
  ) : (
    nothing
  );
  const busy = loading && items.length > 0;

  if (layout === 'cards') {
    return (
      <FeedbackCards
        items={items}
        loading={busy}
        showWidget={showWidget}
        empty={empty}
        onView={onView}
        assignees={assignees}
        triage={triage}
      />
    );
  }
  const columns = (layout === 'full' ? fullFeedbackColumns : compactFeedbackColumns)({ showWidget, onView, assignees });
  const indexOf = (item: FeedbackItem) => items.indexOf(item);
  const select = triage?.onSelectedChange;
  return (
    <ListTable<FeedbackItem>
      rowKey="_id"
      columns={columns}
      dataSource={items}
      loading={busy}
      locale={{ emptyText: empty }}
      rowSelection={
        triage &&
        select && {
          columnWidth: SELECTION_WIDTH,
          selectedRowKeys: [...triage.selectedIds],
          onChange: (keys) => select(keys.map(String)),
          getCheckboxProps: (item) => ({ 'aria-label': `Select ${feedbackName(item)}` }),
        }
      }
      rowClassName={(item) => (triage?.focusedId === item._id ? 'tb-triage-focus' : '')}
      onRow={triage && ((item) => triageRowProps(triage, item._id, indexOf(item)))}
    />
  );
}
