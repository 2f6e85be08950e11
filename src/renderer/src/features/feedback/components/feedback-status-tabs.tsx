import { useRef, type KeyboardEvent } from 'react';
import type { FeedbackStatusCountsResponse } from '../../../../../shared/api';
import type { FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';
import { STATUS_TABS, statusTabLabel, tabCountLabel } from '../utils/status-tabs';
import './feedback-status-tabs.css';

export interface FeedbackStatusTabsProps {
  value: FeedbackStatusTab;
  onChange: (tab: FeedbackStatusTab) => void;
  /** Visible feedback per status, and which stopped at the cap; undefined while they load (no numbers yet). */
  counts: FeedbackStatusCountsResponse | undefined;
  /** The id of the panel the tabs control (the list under them). */
  panelId: string;
  /** The tab's id for the panel's `aria-labelledby`. */
  tabId: (tab: FeedbackStatusTab) => string;
}

/** The tab a key moves to from `index`, round the ends; null for any other key. */
function tabIndexFor(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The inbox's status tabs with their counts (the WAI-ARIA tabs pattern: one tab in the Tab order,
 * arrow keys, Home and End move between them). They wrap onto a second line on a phone rather
 * than scroll: every tab stays in sight and the page never scrolls sideways.
 */
export function FeedbackStatusTabs({ value, onChange, counts, panelId, tabId }: FeedbackStatusTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = tabIndexFor(event.key, index, STATUS_TABS.length);
    const next = target === null ? undefined : STATUS_TABS[target];
    if (!next) return;
    event.preventDefault();
    onChange(next);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next))}`)?.focus();
  };

  return (
    <div ref={list} className="tb-status-tabs" role="tablist" aria-label="Feedback by status">
      {STATUS_TABS.map((tab, index) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            id={tabId(tab)}
            type="button"
            role="tab"
            className={selected ? 'tb-status-tab tb-status-tab-active' : 'tb-status-tab'}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="tb-status-tab-label">{statusTabLabel(tab)}</span>
            {/* A space between, for the tab's name ("New 4"); the flex gap draws it. */}
            {counts && ' '}
            {counts && <span className="tb-status-tab-count">{tabCountLabel(counts, tab)}</span>}
          </button>
        );
      })}
    </div>
  );
}
