import type { FeedbackStatusCountsResponse } from '../../../../../shared/api';
import {
  FEEDBACK_STATUSES,
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

/** Whether a tab holds more than its count says: a status it lists stopped at the server's cap. */
export function tabCapped({ capped }: FeedbackStatusCountsResponse, tab: FeedbackStatusTab): boolean {
  return FEEDBACK_STATUSES.some((status) => capped[status] && tabShows(tab, status));
}

/** A count as the console shows it: `1,234`, or `10,000+` past the cap (`capped`). */
export const countLabel = (count: number, capped: boolean) => `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;

/** A tab's count as its label shows it. */
export const tabCountLabel = (answer: FeedbackStatusCountsResponse, tab: FeedbackStatusTab) =>
  countLabel(tabCount(answer.counts, tab), tabCapped(answer, tab));

/** How many entries a tab holds, or null when its count stopped at the cap (so nobody reads `3 of 10,000`). */
export function tabTotal(answer: FeedbackStatusCountsResponse | undefined, tab: FeedbackStatusTab): number | null {
  return answer && !tabCapped(answer, tab) ? tabCount(answer.counts, tab) : null;
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

/** Whose entries a search keeps, as the start of the empty text. */
const SUBJECTS: Record<NonNullable<FeedbackSearch['assignee']>, string> = {
  me: 'No feedback assigned to you',
  none: 'No unassigned feedback',
};

/**
 * "No feedback matches “refund” in these dates", "No feedback assigned to you", "No unassigned
 * feedback matches “refund”": what found nothing, each part the search has.
 */
function noMatchText(search: FeedbackSearch): string {
  const dated = search.from !== null || search.to !== null;
  const subject = search.assignee ? SUBJECTS[search.assignee] : 'No feedback';
  const words = search.q ? ` matches “${search.q}”` : '';
  return `${subject}${words}${dated ? ' in these dates' : ''}`;
}

/**
 * What an empty tab says under a search: that nothing matches (the words quoted, so a typo shows;
 * whose entries, when filtered by assignee), and how many match in the other tabs, where there are
 * some to go and look at.
 */
export function emptySearchText(
  tab: FeedbackStatusTab,
  search: FeedbackSearch,
  answer: FeedbackStatusCountsResponse | undefined,
): string {
  const what = `${noMatchText(search)}.`;
  const others = FEEDBACK_STATUSES.filter((status) => !tabShows(tab, status));
  const elsewhere = answer ? others.reduce((sum, status) => sum + answer.counts[status], 0) : 0;
  if (elsewhere <= 0) return what;
  const capped = others.some((status) => answer?.capped[status]);
  if (elsewhere === 1 && !capped) return `${what} 1 match in another tab.`;
  return `${what} ${countLabel(elsewhere, capped)} match in other tabs.`;
}
