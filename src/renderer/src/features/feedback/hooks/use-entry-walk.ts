import { useCallback, useEffect, useState } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { FEEDBACK_PAGE_SIZE } from '../api/get-feedback';

/** Where the open entry is in the list, and the way to its neighbours. */
export interface EntryWalk {
  /** 1 for the newest entry of the tab; null for an entry that is not on this page (a link to it). */
  position: number | null;
  /** How many entries the tab has under the current filters; null while unknown. */
  total: number | null;
  /** Null at the start (or the end) of the list. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  /** Which way a page of the list is on its way, if any. */
  busy: 'previous' | 'next' | null;
}

export interface EntryWalkOptions {
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
  /** The entry the URL opens, if any. */
  openId: string | null;
  /** That entry as the server has it: what shows when it is on no page at hand (a link to it). */
  fetched: FeedbackItem | undefined;
  /** Opens an entry: its URL, replacing the current one while walking. */
  onOpen: (id: string, how: { replace: boolean }) => void;
  /** Each entry the walk comes to, by its place on the page. */
  onShow: (index: number) => void;
}

type Changes = Partial<Pick<FeedbackItem, 'status' | 'assigneeId'>>;

/**
 * The open entry and the walk through the list from it: Next and Previous (j and k) open the
 * neighbouring entries, on to the next (or previous) page when the page ends, and the entry there
 * is opened once that page has arrived. An entry marked out of the tab leaves the list while it is
 * open; it stays open, as last seen with the change given it, and Next goes to the one that took
 * its place.
 */
export function useEntryWalk({
  items,
  settled,
  page,
  hasOlder,
  onOlder,
  onNewer,
  total,
  openId,
  fetched,
  onOpen,
  onShow,
}: EntryWalkOptions) {
  /** The open entry as last seen on the page, and its place there. */
  const [seen, setSeen] = useState<{ item: FeedbackItem; slot: number } | null>(null);
  /** A status or assignee given to an entry that the page no longer holds (or never held). */
  const [changes, setChanges] = useState<Record<string, Changes>>({});
  const [pending, setPending] = useState<'previous' | 'next' | null>(null);

  const index = openId === null ? -1 : items.findIndex((item) => item._id === openId);
  const listed = index >= 0 ? items[index] : undefined;
  useEffect(() => {
    if (listed)
      setSeen((last) => (last?.item === listed && last.slot === index ? last : { item: listed, slot: index }));
  }, [listed, index]);
  const remembered = seen && seen.item._id === openId ? seen : null;
  const off = remembered?.item ?? (fetched?._id === openId ? fetched : undefined);
  // The page's rows hold their own changes (shown at once by the mutations); the rest take them here.
  const opened = listed ?? (off ? { ...off, ...changes[off._id] } : null);

  const slot = index >= 0 ? index : (remembered?.slot ?? null);
  const nextAt = slot === null ? 0 : index >= 0 ? slot + 1 : slot;

  const show = useCallback(
    (at: number, on: FeedbackItem[]) => {
      const item = on[at];
      if (!item) return;
      onOpen(item._id, { replace: true });
      onShow(at);
    },
    [onOpen, onShow],
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
  const walk: EntryWalk = {
    position: slot === null ? null : (page - 1) * FEEDBACK_PAGE_SIZE + slot + 1,
    total,
    onPrevious:
      pending || slot === null
        ? null
        : slot > 0
          ? () => show(slot - 1, items)
          : page > 1
            ? () => turn('previous')
            : null,
    onNext: pending ? null : nextAt < items.length ? () => show(nextAt, items) : hasOlder ? () => turn('next') : null,
    busy: pending,
  };

  const change = (id: string, next: Changes) => setChanges((all) => ({ ...all, [id]: { ...all[id], ...next } }));

  return {
    opened,
    walk,
    /** Shows a status given to the open entry (or taken back). */
    showStatus: (id: string, status: FeedbackStatus) => change(id, { status }),
    /** Shows an assignee given to the open entry (or taken back). */
    showAssignee: (id: string, assigneeId: string | null) => change(id, { assigneeId }),
    /** A page turn asked for by the walk is forgotten (the entry was closed). */
    cancel: () => setPending(null),
  };
}
