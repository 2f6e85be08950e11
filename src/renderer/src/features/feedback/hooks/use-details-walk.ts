import { useCallback, useEffect, useState } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { FEEDBACK_PAGE_SIZE } from '../api/get-feedback';

/** Where the details are in the list, and the way to its neighbours. */
export interface DetailsWalk {
  /** 1 for the newest entry of the tab. */
  position: number;
  /** How many entries the tab has under the current filters; null while unknown. */
  total: number | null;
  /** Null at the start (or the end) of the list. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  /** Which way a page of the list is on its way, if any. */
  busy: 'previous' | 'next' | null;
}

export interface DetailsWalkOptions {
  /** The rows on screen. */
  items: FeedbackItem[];
  /** The rows are the current page's, not the previous page's kept on screen while it loads. */
  settled: boolean;
  /** 1 for the newest page. */
  page: number;
  hasOlder: boolean;
  onOlder: () => void;
  onNewer: () => void;
  /** How many entries the tab has, if known. */
  total: number | null;
  /** Each entry the details come to, by its place on the page. */
  onShow: (index: number) => void;
}

/**
 * The details dialog and its walk through the list: Next and Previous go to the neighbouring
 * entries, on to the next (or previous) page when the page ends, and the entry shown there is
 * opened once that page has arrived. An entry marked out of the tab leaves the list while it is
 * shown; Next then goes to the one that took its place.
 */
export function useDetailsWalk({
  items,
  settled,
  page,
  hasOlder,
  onOlder,
  onNewer,
  total,
  onShow,
}: DetailsWalkOptions) {
  /** The entry the details show, as it was opened, with any status or assignee given it since. */
  const [opened, setOpened] = useState<FeedbackItem | null>(null);
  /** Its place on the page when it was opened: still its place once it has left the list. */
  const [slot, setSlot] = useState(0);
  const [pending, setPending] = useState<'previous' | 'next' | null>(null);

  const index = opened ? items.findIndex((item) => item._id === opened._id) : -1;
  const here = index >= 0 ? index : slot;
  const nextAt = index >= 0 ? here + 1 : here;

  const show = useCallback(
    (at: number, on: FeedbackItem[]) => {
      const item = on[at];
      if (!item) return;
      setOpened(item);
      setSlot(at);
      onShow(at);
    },
    [onShow],
  );

  useEffect(() => {
    if (!pending || !settled) return;
    setPending(null);
    show(pending === 'next' ? 0 : items.length - 1, items);
  }, [pending, settled, items, show]);

  const turn = (direction: 'previous' | 'next') => {
    setPending(direction);
    if (direction === 'next') onOlder();
    else onNewer();
  };

  // While a page is on its way, neither: a second press would turn a second page.
  const walk: DetailsWalk = {
    position: (page - 1) * FEEDBACK_PAGE_SIZE + here + 1,
    total,
    onPrevious: pending ? null : here > 0 ? () => show(here - 1, items) : page > 1 ? () => turn('previous') : null,
    onNext: pending ? null : nextAt < items.length ? () => show(nextAt, items) : hasOlder ? () => turn('next') : null,
    busy: pending,
  };

  return {
    opened,
    walk,
    open: (item: FeedbackItem) => {
      setOpened(item);
      setSlot(Math.max(0, items.indexOf(item)));
    },
    close: () => {
      setOpened(null);
      setPending(null);
    },
    /** Shows a status given to the entry in the details (or taken back). */
    showStatus: (id: string, status: FeedbackStatus) =>
      setOpened((current) => (current?._id === id ? { ...current, status } : current)),
    /** Shows an assignee given to the entry in the details (or taken back). */
    showAssignee: (id: string, assigneeId: string | null) =>
      setOpened((current) => (current?._id === id ? { ...current, assigneeId } : current)),
  };
}
