import type { HTMLAttributes } from 'react';

/** Selection and keyboard focus, where the list is triaged (the inbox). */
export interface FeedbackTriage {
  selectedIds: readonly string[];
  /** Absent for a role that may not triage: no checkboxes, the keyboard still walks the list. */
  onSelectedChange?: (ids: string[]) => void;
  /** The entry keyboard triage acts on, if any. */
  focusedId: string | null;
  /** A click in a row, or the focus moving into it: triage goes on from there. */
  onFocusAt: (index: number) => void;
}

/**
 * What makes a row (or card) part of keyboard triage: it can take the focus, so a screen reader
 * follows j and k (one row at a time is in the Tab order: the focused one, else the first), and
 * the focused one says so with `aria-current`, which a table's rows allow (`aria-selected` is
 * for grids).
 */
export function triageRowProps(
  triage: FeedbackTriage,
  id: string,
  index: number,
): HTMLAttributes<HTMLElement> & { className?: string } {
  const focused = triage.focusedId === id;
  return {
    tabIndex: focused || (triage.focusedId === null && index === 0) ? 0 : -1,
    'aria-current': focused ? 'true' : undefined,
    className: focused ? 'tb-triage-focus' : undefined,
    onClick: () => triage.onFocusAt(index),
    onFocus: () => {
      if (!focused) triage.onFocusAt(index);
    },
  };
}
