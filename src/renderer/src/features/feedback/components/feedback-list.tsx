import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { LoadError } from '../../../components/load-error';
import type { FeedbackSearch } from '../../../hooks/use-feedback-search-params';
import type { FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { useCan } from '../../../lib/workspace/use-permission';
import { useAssignFeedback } from '../api/assign-feedback';
import { useFeedbackPage } from '../api/get-feedback';
import { assigneeLabel, useAssignees } from '../hooks/use-assignees';
import { useDetailsWalk } from '../hooks/use-details-walk';
import { useMarkFeedback } from '../hooks/use-mark-feedback';
import { useTriageFocus } from '../hooks/use-triage-focus';
import { useTriageKeys } from '../hooks/use-triage-keys';
import { FeedbackBulkBar } from './feedback-bulk-bar';
import { FeedbackDetailsDialog } from './feedback-details-dialog';
import { FeedbackPager } from './feedback-pager';
import { FeedbackTable } from './feedback-table';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';

export const LOAD_FEEDBACK_FAILED = 'Failed to load feedback. Please try again.';

export interface FeedbackListProps {
  widgetId: string | null;
  tab: FeedbackStatusTab;
  search: FeedbackSearch;
  emptyText: string;
  /** Under the empty text: the way out of a search that found nothing. */
  emptyAction?: ReactNode;
  /** How many entries the tab has under the filters, for the details' "3 of 50"; null while unknown. */
  total: number | null;
  /** Opens the list of keys (the page's button, or `?`). */
  helpOpen: boolean;
  onHelpOpenChange: (open: boolean) => void;
}

/**
 * One widget's (or every widget's) inbox under one tab, a page at a time, to triage: select
 * entries and mark them, assign them, or go through them with the keyboard. A role that may not
 * triage reads and walks the list, with nothing to select or mark. The server pages by cursor, newest
 * first; the cursors of the pages already passed are kept on a stack so Newer can step back.
 * Mounted with a key per filter, search and tab, so any of them starts again at the newest page.
 */
export function FeedbackList({
  widgetId,
  tab,
  search,
  emptyText,
  emptyAction,
  total,
  helpOpen,
  onHelpOpenChange,
}: FeedbackListProps) {
  const toast = useToast();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const top = useRef<HTMLDivElement>(null);
  const query = useFeedbackPage({ widgetId, status: tab, search, cursor: cursors.at(-1) ?? null });
  const items = query.data?.feedbacks ?? [];
  const nextCursor = query.data?.nextCursor ?? null;
  const { mark, busy } = useMarkFeedback();
  const triages = useCan('feedback.triage');
  const assignees = useAssignees();
  const assign = useAssignFeedback();
  // An entry that left the page (marked out of the tab) leaves the selection with it.
  const selected = selectedIds.filter((id) => items.some((item) => item._id === id));

  useEffect(() => {
    if (query.isError) toast.error(LOAD_FEEDBACK_FAILED);
  }, [query.isError, query.errorUpdatedAt, toast]);

  // Paging keeps the cursor stack: Older pushes the next page's cursor, Newer pops back one. The
  // new page starts at its newest row, so the top of the table comes back into view.
  const go = (change: (stack: (string | null)[]) => (string | null)[]) => {
    setCursors(change);
    setSelectedIds([]);
    top.current?.scrollIntoView?.({ block: 'nearest' });
  };
  const older = () => nextCursor && go((stack) => [...stack, nextCursor]);
  const newer = () => go((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack));

  /** The keyboard's focus follows the details: set once that focus exists, below. */
  const selectRow = useRef<(at: number) => void>(() => undefined);
  const details = useDetailsWalk({
    items,
    settled: query.isSuccess && !query.isPlaceholderData,
    page: cursors.length,
    hasOlder: nextCursor !== null,
    onOlder: older,
    onNewer: newer,
    total,
    onShow: (at) => selectRow.current(at),
  });
  const opened = details.opened;
  const focus = useTriageFocus(
    items.map((item) => item._id),
    top,
    { paused: opened !== null || helpOpen },
  );
  useEffect(() => {
    selectRow.current = focus.select;
  });

  /** One entry: the list shows the change at once, the open details too. */
  const markOne = (item: FeedbackItem, status: FeedbackStatus) => {
    if (item.status === status || !triages) return;
    details.showStatus(item._id, status);
    mark({ id: item._id, status }, { onFailed: () => details.showStatus(item._id, item.status) });
  };

  /** One entry to a member, or to nobody: shown at once, taken back (and said why) if refused. */
  const assignOne = (item: FeedbackItem, assigneeId: string | null) => {
    if (item.assigneeId === assigneeId) return;
    details.showAssignee(item._id, assigneeId);
    assign.mutate(
      { id: item._id, assigneeId },
      {
        onSuccess: () => {
          const name = assigneeId ? assigneeLabel(assignees, assigneeId) : null;
          toast.success(assigneeId ? `Assigned to ${name ?? 'a member'}` : 'Unassigned');
        },
        onError: (error) => {
          details.showAssignee(item._id, item.assigneeId);
          const why = error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.';
          toast.error('Failed to assign feedback', why);
        },
      },
    );
  };

  const focusedItem = items.find((item) => item._id === focus.focusedId) ?? null;
  useTriageKeys({
    enabled: !helpOpen,
    detailsOpen: opened !== null,
    move: (step) => {
      if (!opened) focus.move(step);
      else (step === 1 ? details.walk.onNext : details.walk.onPrevious)?.();
    },
    open: () => focusedItem && details.open(focusedItem),
    mark: (status) => {
      const target = opened ?? focusedItem;
      if (target) markOne(target, status);
    },
    toggleSelection: () => {
      if (!focusedItem || !triages) return;
      const others = selected.filter((id) => id !== focusedItem._id);
      setSelectedIds(others.length < selected.length ? others : [...selected, focusedItem._id]);
    },
    showHelp: () => onHelpOpenChange(true),
  });

  if (query.isError) return <LoadError message={LOAD_FEEDBACK_FAILED} onRetry={() => void query.refetch()} />;

  return (
    <div ref={top} className="tb-feedback-list">
      <FeedbackTable
        items={items}
        loading={query.isFetching}
        showWidget={widgetId === null}
        onView={details.open}
        assignees={assignees}
        emptyText={emptyText}
        emptyAction={emptyAction}
        triage={{
          selectedIds: selected,
          onSelectedChange: triages ? setSelectedIds : undefined,
          focusedId: focus.focusedId,
          onFocusAt: focus.focusAt,
        }}
      />
      <FeedbackBulkBar
        count={selected.length}
        tab={tab}
        busy={busy}
        onMark={(status) => mark({ ids: selected, status }, { onDone: () => setSelectedIds([]) })}
        onClear={() => setSelectedIds([])}
      />
      <FeedbackPager
        page={cursors.length}
        hasOlder={nextCursor !== null}
        busy={query.isPlaceholderData}
        onNewer={newer}
        onOlder={older}
      />
      <FeedbackDetailsDialog
        item={opened}
        onClose={details.close}
        onStatusChange={triages ? (status) => opened && markOne(opened, status) : undefined}
        statusBusy={busy}
        assignees={assignees}
        onAssigneeChange={triages ? (assigneeId) => opened && assignOne(opened, assigneeId) : undefined}
        assignBusy={assign.isPending}
        afterClose={focus.refocus}
        walk={details.walk}
      />
      <KeyboardShortcutsDialog open={helpOpen} triage={triages} onClose={() => onHelpOpenChange(false)} />
    </div>
  );
}
