import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '../../../shared/feedback-status';

/** The query parameter of the inbox's tab. */
export const STATUS_PARAM = 'status';

/** An inbox tab: one status, or `all`, which is every status but spam (as the API reads it). */
export type FeedbackStatusTab = FeedbackStatus | 'all';

/** Where the inbox opens: what still needs a look. */
export const DEFAULT_STATUS_TAB: FeedbackStatusTab = 'new';

function isStatusTab(value: string | null): value is FeedbackStatusTab {
  return value === 'all' || (FEEDBACK_STATUSES as readonly (string | null)[]).includes(value);
}

/**
 * The tab of /feedback, held in `?status=` beside `?widget=`, so a link opens a tab and Back
 * returns to the previous one. The default tab (New) leaves the URL bare; a value that names no
 * tab reads as the default rather than as an empty inbox.
 */
export function useFeedbackStatusParam(): [tab: FeedbackStatusTab, setTab: (tab: FeedbackStatusTab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(STATUS_PARAM);
  const tab = isStatusTab(raw) ? raw : DEFAULT_STATUS_TAB;

  const setTab = useCallback(
    (next: FeedbackStatusTab) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_STATUS_TAB) updated.delete(STATUS_PARAM);
        else updated.set(STATUS_PARAM, next);
        return updated;
      });
    },
    [setParams],
  );
  return [tab, setTab];
}
