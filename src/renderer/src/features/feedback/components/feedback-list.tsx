import { useEffect, useRef, useState } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../lib/use-toast';
import { useFeedbackPage } from '../api/get-feedback';
import { FeedbackDetailsDialog } from './feedback-details-dialog';
import { FeedbackPager } from './feedback-pager';
import { FeedbackTable } from './feedback-table';

export const LOAD_FEEDBACK_FAILED = 'Failed to load feedback. Please try again.';

/**
 * One widget's (or every widget's) inbox, a page at a time. The server pages by cursor, newest
 * first; the cursors of the pages already passed are kept on a stack so Newer can step back.
 * Mounted with a key per filter, so a new filter starts again at the newest page.
 */
export function FeedbackList({ widgetId }: { widgetId: string | null }) {
  const toast = useToast();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<FeedbackItem | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const query = useFeedbackPage({ widgetId, cursor: cursors.at(-1) ?? null });

  useEffect(() => {
    if (query.isError) toast.error(LOAD_FEEDBACK_FAILED);
  }, [query.isError, query.errorUpdatedAt, toast]);

  // Paging keeps the cursor stack: Older pushes the next page's cursor, Newer pops back one. The
  // new page starts at its newest row, so the top of the table comes back into view.
  const go = (change: (stack: (string | null)[]) => (string | null)[]) => {
    setCursors(change);
    top.current?.scrollIntoView?.({ block: 'nearest' });
  };

  if (query.isError) return <LoadError message={LOAD_FEEDBACK_FAILED} onRetry={() => void query.refetch()} />;

  const nextCursor = query.data?.nextCursor ?? null;
  return (
    <div ref={top} className="tb-feedback-list">
      <FeedbackTable
        items={query.data?.feedbacks ?? []}
        loading={query.isFetching}
        showWidget={widgetId === null}
        onView={setSelected}
      />
      <FeedbackPager
        page={cursors.length}
        hasOlder={nextCursor !== null}
        busy={query.isPlaceholderData}
        onNewer={() => go((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack))}
        onOlder={() => nextCursor && go((stack) => [...stack, nextCursor])}
      />
      <FeedbackDetailsDialog item={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
