import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAX_FEEDBACK_SEARCH_LENGTH } from '../../../shared/limits';

/** The query parameters of the inbox's search, date range and assignee, beside `?widget=` and `?status=`. */
export const SEARCH_PARAM = 'q';
export const FROM_PARAM = 'from';
export const TO_PARAM = 'to';
export const ASSIGNEE_PARAM = 'assignee';

/** Whose entries: the signed-in member's (`me`), or nobody's yet (`none`), as the API reads them. */
export const ASSIGNEE_FILTERS = ['me', 'none'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

/**
 * The inbox's search: words, a range of the owner's own days (YYYY-MM-DD, both ends included),
 * and whom the entries are assigned to. Null for what is not set.
 */
export interface FeedbackSearch {
  q: string | null;
  from: string | null;
  to: string | null;
  assignee: AssigneeFilter | null;
}

export const NO_SEARCH: FeedbackSearch = { q: null, from: null, to: null, assignee: null };

const PARAMS: Record<keyof FeedbackSearch, string> = {
  q: SEARCH_PARAM,
  from: FROM_PARAM,
  to: TO_PARAM,
  assignee: ASSIGNEE_PARAM,
};

function isAssigneeFilter(value: string | null): value is AssigneeFilter {
  return (ASSIGNEE_FILTERS as readonly (string | null)[]).includes(value);
}

/** A calendar day as `YYYY-MM-DD` (what a date field gives): a real day, not `2026-02-30`. */
export function isDay(value: string | null): value is string {
  const match = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether any of the search's parts is set. */
export function hasSearch(search: FeedbackSearch): boolean {
  return search.q !== null || search.from !== null || search.to !== null || search.assignee !== null;
}

function readSearch(params: URLSearchParams): FeedbackSearch {
  const q = params.get(SEARCH_PARAM)?.trim().slice(0, MAX_FEEDBACK_SEARCH_LENGTH) || null;
  const from = params.get(FROM_PARAM);
  const to = params.get(TO_PARAM);
  const assignee = params.get(ASSIGNEE_PARAM);
  return {
    q,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    assignee: isAssigneeFilter(assignee) ? assignee : null,
  };
}

/**
 * The search of /feedback, held in `?q=`, `?from=`, `?to=` and `?assignee=`, so a link or a reload
 * opens the same results. A part that is not a day (or is blank) reads as not set. A new search, or one
 * taken away, is a history entry (Back returns to the results before it); refining one (each
 * pause in typing) replaces it, so Back does not step through every word typed.
 */
export function useFeedbackSearchParams(): [
  search: FeedbackSearch,
  setSearch: (change: Partial<FeedbackSearch>) => void,
] {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);

  const setSearch = useCallback(
    (change: Partial<FeedbackSearch>) => {
      const before = readSearch(params);
      const keys = Object.keys(change) as (keyof FeedbackSearch)[];
      // Another assignee is a new view, never a refinement: Back returns to the one before.
      const refining = keys.every((key) => key !== 'assignee' && before[key] !== null && change[key]);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of keys) {
            const value = change[key]?.trim();
            if (value) next.set(PARAMS[key], value);
            else next.delete(PARAMS[key]);
          }
          return next;
        },
        { replace: refining },
      );
    },
    [params, setParams],
  );
  return [search, setSearch];
}
