import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The entry keyboard triage acts on: an index into the page, kept when the entry there leaves the
 * list (marked out of the tab), so the next one takes its place. After a key, the entry's row (or
 * card) takes the focus, so a screen reader reads it and the page scrolls it into view; when the
 * focused row itself leaves, the focus goes to the one now in its place. Rows are found by the
 * `data-row-key` the table and the cards give them.
 */
export function useTriageFocus(
  itemIds: readonly string[],
  container: RefObject<HTMLElement | null>,
  { paused }: { paused: boolean },
) {
  const [index, setIndex] = useState<number | null>(null);
  const [, rerender] = useState(0);
  /** Set by a key: the focus must follow the next render. */
  const follow = useRef(false);
  /** Since the last key, no pointer or Tab has put the focus elsewhere on purpose. */
  const byKeyboard = useRef(false);

  const focusIndex = index === null || itemIds.length === 0 ? null : Math.min(index, itemIds.length - 1);
  const focusedId = focusIndex === null ? null : (itemIds[focusIndex] ?? null);
  const count = itemIds.length;

  const move = useCallback(
    (step: 1 | -1) => {
      if (count === 0) return;
      follow.current = true;
      byKeyboard.current = true;
      setIndex((current) => (current === null ? 0 : Math.max(0, Math.min(count - 1, current + step))));
    },
    [count],
  );

  /** A click in a row, or Tab onto it: the triage continues from there, the focus stays put. */
  const focusAt = useCallback((at: number) => {
    byKeyboard.current = false;
    setIndex(at);
  }, []);

  /**
   * The details walked to the entry at `at`: the focus follows, to be on its row once the
   * dialog has gone, however the owner walked (the row of the entry first opened would be far
   * from where they are).
   */
  const select = useCallback((at: number) => {
    byKeyboard.current = true;
    follow.current = true;
    setIndex(at);
  }, []);

  /**
   * Once the details have gone, the focus goes to the focused row: the entry last shown, however
   * the details were opened and walked (the dialog does not hand it back to what opened it).
   */
  const refocus = useCallback(() => {
    follow.current = true;
    rerender((tick) => tick + 1);
  }, []);

  useEffect(() => {
    if (paused || focusedId === null) return;
    const active = document.activeElement;
    const dropped = active === null || active === document.body;
    if (!follow.current && !(byKeyboard.current && dropped)) return;
    const row = container.current?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(focusedId)}"]`);
    if (!row) return;
    follow.current = false;
    if (row !== active) row.focus({ preventScroll: true });
    row.scrollIntoView?.({ block: 'nearest' });
  });

  return { focusIndex, focusedId, move, focusAt, select, refocus };
}
