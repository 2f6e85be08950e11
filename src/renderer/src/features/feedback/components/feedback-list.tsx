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
import { useFeedbackDetails } from '../api/get-feedback-details';
import { assigneeLabel, useAssignees } from '../hooks/use-assignees';
import { useEntryWalk } from '../hooks/use-entry-walk';
import { useMarkFeedback } from '../hooks/use-mark-feedback';
import { useOpenEntry } from '../hooks/use-open-entry';
import { useSplitView } from '../hooks/use-split-view';
import { useTriageFocus } from '../hooks/use-triage-focus';
import { useTriageKeys } from '../hooks/use-triage-keys';
import { FeedbackBulkBar } from './feedback-bulk-bar';
import { FeedbackEmpty } from './feedback-empty';
import { FeedbackEntryPane } from './feedback-entry-pane';
import { FeedbackPager } from './feedback-pager';
import { FeedbackRows } from './feedback-rows';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import './feedback-list.css';

export const LOAD_FEEDBACK_FAILED = 'Failed to load feedback. Please try again.';

export interface FeedbackListProps {
  widgetId: string | null;
  tab: FeedbackStatusTab;
  search: FeedbackSearch;
  emptyText: string;
  /** Under the empty text: the way out of a search that found nothing. */
  emptyAction?: ReactNode;
  /** How many entries the tab has under the filters, for the entry's "3 of 50"; null while unknown. */
  total: number | null;
  /** Opens the list of keys (the page's button, or `?`). */
  helpOpen: boolean;
  onHelpOpenChange: (open: boolean) => void;
}

/**
 * One widget's (or every widget's) inbox under one tab, a page at a time, with the entry the URL
 * opens beside it (from 1 024 px) or in its place: select entries and mark them, assign them, or go
 * through them with the keyboard, j and k opening each in turn. A role that may not triage reads
 * and walks the list, with nothing to select or mark. The server pages by cursor, newest first;
 * the cursors of the pages already passed are kept on a stack so Newer can step back. Mounted with a
 * key per filter, search and tab, so any of them starts again at the newest page.
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
  const split = useSplitView();
  const entry = useOpenEntry();
  const { openId } = entry;
  const details = useFeedbackDetails(openId);
  // On a narrow screen the open entry has the screen: the list waits, hidden, just as it was.
  const listHidden = !split && openId !== null;
  // An entry that left the page (marked out of the tab) leaves the selection with it.
  const selected = selectedIds.filter((id) => items.some((item) => item._id === id));

  useEffect(() => {
    if (query.isError) toast.error(LOAD_FEEDBACK_FAILED);
  }, [query.isError, query.errorUpdatedAt, toast]);

  // Paging keeps the cursor stack: Older pushes the next page's cursor, Newer pops back one. The
  // new page starts at its newest row, so the top of the list comes back into view.
  const go = (change: (stack: (string | null)[]) => (string | null)[]) => {
    setCursors(change);
    setSelectedIds([]);
    top.current?.scrollIntoView?.({ block: 'nearest' });
  };
  const older = () => nextCursor && go((stack) => [...stack, nextCursor]);
  const newer = () => go((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack));

  /** The keyboard's focus follows the walk: set once that focus exists, below. */
  const selectRow = useRef<(at: number) => void>(() => undefined);
  const walk = useEntryWalk({
    items,
    settled: query.isSuccess && !query.isPlaceholderData,
    page: cursors.length,
    hasOlder: nextCursor !== null,
    onOlder: older,
    onNewer: newer,
    total,
    openId,
    fetched: details.data?.feedback,
    onOpen: entry.open,
    onShow: (at) => selectRow.current(at),
  });
  const opened = walk.opened;
  const focus = useTriageFocus(
    items.map((item) => item._id),
    top,
    { paused: listHidden || helpOpen },
  );
  useEffect(() => {
    selectRow.current = focus.select;
  });

  /** One entry: the list shows the change at once, the open entry too. */
  const markOne = (item: FeedbackItem, status: FeedbackStatus) => {
    if (item.status === status || !triages) return;
    walk.showStatus(item._id, status);
    mark({ id: item._id, status }, { onFailed: () => walk.showStatus(item._id, item.status) });
  };

  /** One entry to a member, or to nobody: shown at once, taken back (and said why) if refused. */
  const assignOne = (item: FeedbackItem, assigneeId: string | null) => {
    if (item.assigneeId === assigneeId) return;
    walk.showAssignee(item._id, assigneeId);
    assign.mutate(
      { id: item._id, assigneeId },
      {
        onSuccess: () => {
          const name = assigneeId ? assigneeLabel(assignees, assigneeId) : null;
          toast.success(assigneeId ? `Assigned to ${name ?? 'a member'}` : 'Unassigned');
        },
        onError: (error) => {
          walk.showAssignee(item._id, item.assigneeId);
          const why = error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.';
          toast.error('Failed to assign feedback', why);
        },
      },
    );
  };

  /** Back to the list alone: the focus returns to the row it left, scrolled into view. */
  const close = () => {
    walk.cancel();
    entry.close();
    focus.refocus();
  };

  const focusedItem = items.find((item) => item._id === focus.focusedId) ?? null;
  useTriageKeys({
    enabled: !helpOpen,
    entryOpen: openId !== null,
    listHidden,
    move: (step) => {
      if (openId !== null) return (step === 1 ? walk.walk.onNext : walk.walk.onPrevious)?.();
      if (!split) return focus.move(step);
      // The split view with nothing open yet: the key opens the entry it comes to.
      const at = focus.focusIndex === null ? 0 : Math.max(0, Math.min(items.length - 1, focus.focusIndex + step));
      const item = items[at];
      if (!item) return;
      focus.select(at);
      entry.open(item._id);
    },
    open: () => focusedItem && entry.open(focusedItem._id),
    close,
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

  const empty = <FeedbackEmpty loading={query.isFetching} text={emptyText} action={emptyAction} />;
  // Beside an empty inbox there is nothing to select: the list keeps the whole width.
  const withPane = openId !== null || (split && items.length > 0);

  return (
    <div className={['tb-inbox', withPane && 'has-pane', listHidden && 'is-reading'].filter(Boolean).join(' ')}>
      <div ref={top} className="tb-inbox-list">
        {query.isError ? (
          <LoadError message={LOAD_FEEDBACK_FAILED} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <FeedbackRows
              items={items}
              loading={query.isFetching && items.length > 0}
              empty={empty}
              showWidget={widgetId === null}
              assignees={assignees}
              openId={openId}
              hrefOf={entry.hrefOf}
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
          </>
        )}
      </div>
      {withPane && (
        <div className="tb-inbox-entry">
          <FeedbackEntryPane
            openId={openId}
            item={opened}
            error={details.error}
            onRetry={() => void details.refetch()}
            walk={walk.walk}
            split={split}
            onBack={close}
            onChosen={focus.refocus}
            onStatusChange={triages ? (status) => opened && markOne(opened, status) : undefined}
            statusBusy={busy}
            assignees={assignees}
            onAssigneeChange={triages ? (assigneeId) => opened && assignOne(opened, assigneeId) : undefined}
            assignBusy={assign.isPending}
          />
        </div>
      )}
      <KeyboardShortcutsDialog open={helpOpen} triage={triages} onClose={() => onHelpOpenChange(false)} />
    </div>
  );
}
