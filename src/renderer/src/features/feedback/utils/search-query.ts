import type { FeedbackSearch } from '../../../hooks/use-feedback-search-params';

/**
 * The instant the owner's own day `day` (YYYY-MM-DD) starts, `plusDays` later: local midnight,
 * or the first moment of the day where a clock change skips midnight.
 */
export function localDayStart(day: string, plusDays = 0): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const start = new Date(0);
  start.setFullYear(year, month - 1, date + plusDays);
  start.setHours(0, 0, 0, 0);
  return start.toISOString();
}

/** A range that ends before it starts is a mistake the owner is told about, not a filter. */
export function datesInOrder({ from, to }: Pick<FeedbackSearch, 'from' | 'to'>): boolean {
  return from === null || to === null || from <= to;
}

/**
 * The search as the API takes it (`q`, `from` inclusive, `to` exclusive, `assignee`): the owner's
 * days as instants, from the first day's midnight to the midnight after the last, so a day means
 * the owner's day, not UTC's. Dates out of order are left out.
 */
export function searchQuery(search: FeedbackSearch): Record<string, string> {
  const query: Record<string, string> = {};
  if (search.q) query.q = search.q;
  if (search.assignee) query.assignee = search.assignee;
  if (!datesInOrder(search)) return query;
  if (search.from) query.from = localDayStart(search.from);
  if (search.to) query.to = localDayStart(search.to, 1);
  return query;
}
