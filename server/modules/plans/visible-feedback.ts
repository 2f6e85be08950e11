/**
 * Which of a workspace's feedback its plan shows: the one rule every channel asks (the inbox and its
 * tabs, search, details, replies, the export, the dashboard, alerts and digests, webhooks and
 * Slack/Discord, the event stream, /metrics). No other file decides visibility;
 * server/modules/feedback/feedback-visibility.ts turns it into the queries' conditions.
 *
 * The rule: a plan capped at N entries a month shows the first N entries received each calendar
 * month (UTC), counted per account or per widget as the plan's `feedbackScope` says. An entry's
 * place in that count (`account_seq`, `widget_seq`) is given when it is stored and never changes:
 * marking it spam, or any other status, neither frees its place nor moves a hidden entry into
 * view. So whatever an owner marks, they never read more than N distinct entries of a month.
 * Junk the widget drops (a filled honeypot) is never stored, so it takes no place. An upgrade
 * shows more at once, since the rule is applied when feedback is read, not when it is stored.
 */
import type { Plan, PlanLimits, PlanTable } from '../../../src/shared/plans';
import type { FeedbackRow } from '../../db/schema';

/** What a capped plan shows: entries whose place in `column` is at most `cap`. */
export interface Visibility {
  column: 'account_seq' | 'widget_seq';
  cap: number;
}

/** An entry's places under the cap, as stored. */
export type FeedbackPlaces = Pick<FeedbackRow, 'account_seq' | 'widget_seq'>;

/** The plan's visibility, or null when it shows everything. */
export function visibilityOf(limits: PlanLimits): Visibility | null {
  if (limits.visibleFeedbackPerMonth === null) return null;
  return {
    column: limits.feedbackScope === 'account' ? 'account_seq' : 'widget_seq',
    cap: limits.visibleFeedbackPerMonth,
  };
}

/** Whether the plan shows a stored entry. */
export function isShown(row: FeedbackPlaces, plan: Plan): boolean {
  const visibility = visibilityOf(plan.limits);
  return visibility === null || row[visibility.column] <= visibility.cap;
}

/**
 * Whether some plan of the table could hide the entry: false when it is within the smallest cap of
 * every plan, so /metrics reads an owner's plan only for the rows it could hide.
 */
export function mayBeHiddenByAnyPlan(plans: PlanTable): (row: FeedbackPlaces) => boolean {
  const caps = { account_seq: Infinity, widget_seq: Infinity };
  for (const plan of Object.values(plans)) {
    const visibility = visibilityOf(plan.limits);
    if (visibility) caps[visibility.column] = Math.min(caps[visibility.column], visibility.cap);
  }
  return (row) => row.account_seq > caps.account_seq || row.widget_seq > caps.widget_seq;
}
