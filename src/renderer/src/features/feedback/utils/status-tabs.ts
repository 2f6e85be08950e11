import {
  FEEDBACK_STATUS_LABELS,
  type FeedbackStatus,
  type FeedbackStatusCounts,
} from '../../../../../shared/feedback-status';
import type { FeedbackSearch } from '../../../hooks/use-feedback-search-params';
import type { FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';

/**
 * The inbox's tabs in the order of triage: what is new, what is being handled, what is done, then
 * everything but spam, and spam last, looked at only on purpose.
 */
export const STATUS_TABS: readonly FeedbackStatusTab[] = ['new', 'in_progress', 'resolved', 'all', 'spam'];

export function statusTabLabel(tab: FeedbackStatusTab): string {
  return tab === 'all' ? 'All' : FEEDBACK_STATUS_LABELS[tab];
}

/** Whether a feedback of `status` is listed under `tab` (All: every status but spam, as the API). */
export function tabShows(tab: FeedbackStatusTab, status: FeedbackStatus): boolean {
  return tab === 'all' ? status !== 'spam' : status === tab;
}

export function tabCount(counts: FeedbackStatusCounts, tab: FeedbackStatusTab): number {
  return tab === 'all' ? counts.new + counts.in_progress + counts.resolved : counts[tab];
}

/** What an empty tab says (docs/product.md §2); the empty inbox's text while nothing at all has arrived. */
export function emptyTabText(tab: FeedbackStatusTab, counts: FeedbackStatusCounts | undefined): string {
  const total = counts ? tabCount(counts, 'all') + counts.spam : 0;
  if (total === 0) return 'No feedback received yet.';
  const texts: Record<FeedbackStatusTab, string> = {
    new: 'No new feedback. All caught up.',
    in_progress: 'No feedback in progress.',
    resolved: 'No resolved feedback yet.',
    all: 'No feedback outside spam.',
    spam: 'No spam.',
  };
  return texts[tab];
}

/**
 * What an empty tab says under a search: that nothing matches (the words quoted, so a typo shows),
 * and how many match in the other tabs, where there are some to go and look at.
 */
export function emptySearchText(
  tab: FeedbackStatusTab,
  search: FeedbackSearch,
  counts: FeedbackStatusCounts | undefined,
): string {
  const dated = search.from !== null || search.to !== null;
  const what = search.q
    ? `No feedback matches “${search.q}”${dated ? ' in these dates' : ''}.`
    : 'No feedback in these dates.';
  const elsewhere = counts ? tabCount(counts, 'all') + counts.spam - tabCount(counts, tab) : 0;
  if (elsewhere <= 0) return what;
  return `${what} ${elsewhere === 1 ? '1 match in another tab' : `${elsewhere} match in other tabs`}.`;
}
