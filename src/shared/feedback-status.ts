/**
 * Where a feedback stands in the owner's triage. Every entry starts `new`. `spam` is set aside:
 * it leaves the inbox's totals, alerts and the dashboard. It keeps its place under the plan's
 * monthly cap, as every status does (server/modules/feedback/feedback-visibility.ts).
 */
export const FEEDBACK_STATUSES = ['new', 'in_progress', 'resolved', 'spam'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  resolved: 'Resolved',
  spam: 'Spam',
};

/** Visible feedback per status: the inbox tabs' counts. */
export type FeedbackStatusCounts = Record<FeedbackStatus, number>;
