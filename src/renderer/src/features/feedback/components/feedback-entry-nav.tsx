import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, type FocusEvent } from 'react';
import type { EntryWalk } from '../hooks/use-entry-walk';

/**
 * "3 of 50", or just the place while the count is not known (or not yet caught up); nothing for an
 * entry that is not on the page at hand (opened by a link).
 */
export function positionText({ position, total }: Pick<EntryWalk, 'position' | 'total'>): string {
  if (position === null) return '';
  return total !== null && total >= position ? `${position} of ${total}` : `${position}`;
}

/**
 * Previous and Next above the open entry, with the place between them, as j and k walk the list.
 * A button that the end of the list disables hands the focus to the other one, or the focus would
 * drop to the page.
 */
export function FeedbackEntryNav({ walk, fallbackFocus }: { walk: EntryWalk; fallbackFocus: () => void }) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  /** The button the owner last had the focus on, until the focus goes elsewhere on purpose. */
  const held = useRef<HTMLButtonElement | null>(null);
  const busy = walk.busy !== null;
  const canPrevious = walk.onPrevious !== null && !busy;
  const canNext = walk.onNext !== null && !busy;

  useEffect(() => {
    const button = held.current;
    // Still usable, or waiting for the next page: the focus stays (or comes back after it).
    if (!button || !button.disabled || busy) return;
    if (canNext) next.current?.focus();
    else if (canPrevious) previous.current?.focus();
    else fallbackFocus();
  }, [canNext, canPrevious, busy, fallbackFocus]);

  const focusProps = {
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      held.current = event.currentTarget;
    },
    // A button that turns disabled drops the focus with no new target: that is not "elsewhere".
    onBlur: (event: FocusEvent<HTMLButtonElement>) => {
      if (event.relatedTarget !== null) held.current = null;
    },
  };

  return (
    <div className="tb-details-nav" role="group" aria-label="Walk the list">
      <Button
        ref={previous}
        icon={<LeftOutlined aria-hidden />}
        aria-label="Previous feedback"
        disabled={!canPrevious}
        loading={walk.busy === 'previous'}
        onClick={() => walk.onPrevious?.()}
        {...focusProps}
      >
        <span className="tb-details-nav-text">Previous</span>
      </Button>
      <span className="tb-details-position" aria-live="polite">
        {positionText(walk)}
      </span>
      <Button
        ref={next}
        icon={<RightOutlined aria-hidden />}
        iconPlacement="end"
        aria-label="Next feedback"
        disabled={!canNext}
        loading={walk.busy === 'next'}
        onClick={() => walk.onNext?.()}
        {...focusProps}
      >
        <span className="tb-details-nav-text">Next</span>
      </Button>
    </div>
  );
}
