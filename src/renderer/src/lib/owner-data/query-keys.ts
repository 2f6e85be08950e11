/**
 * The react-query keys of the owner's data, in one place, so a change in one screen refreshes
 * every screen that shows the same data (a new widget updates the filters of /feedback and /news).
 */
export const ownerKeys = {
  all: ['owner'] as const,
  overview: () => [...ownerKeys.all, 'overview'] as const,
  /**
   * Feedback per day (`GET /dashboard/timeseries`), under the overview's key on purpose: whatever
   * refreshes the overview (a live feedback event, a deleted widget) refreshes the chart with it.
   */
  timeseries: (days: number, timeZone: string) => [...ownerKeys.overview(), 'timeseries', days, timeZone] as const,
  widgets: () => [...ownerKeys.all, 'widgets'] as const,
  limits: () => [...ownerKeys.all, 'limits'] as const,
  feedback: (widgetId: string | null) => [...ownerKeys.all, 'feedback', widgetId ?? 'all'] as const,
  feedbackAll: () => [...ownerKeys.all, 'feedback'] as const,
  /**
   * The inbox tabs' counts, under the widget's feedback key on purpose: whatever refreshes the
   * inbox (a live feedback event, a status change) refreshes the counts with it.
   */
  feedbackStatusCounts: (widgetId: string | null) => [...ownerKeys.feedback(widgetId), 'status-counts'] as const,
  feedbackSummary: () => [...ownerKeys.all, 'feedback-summary'] as const,
  posts: (widgetId: string | null) => [...ownerKeys.all, 'posts', widgetId ?? 'all'] as const,
  postsAll: () => [...ownerKeys.all, 'posts'] as const,
  profile: () => [...ownerKeys.all, 'profile'] as const,
  notifications: () => [...ownerKeys.all, 'notifications'] as const,
  /** The workspace's team and open invitations (the team page, the inbox's assignees). */
  members: () => [...ownerKeys.all, 'members'] as const,
  activity: () => [...ownerKeys.all, 'activity'] as const,
  webhooks: () => [...ownerKeys.all, 'webhooks'] as const,
  /** An endpoint's delivery log, under the webhooks' key: whatever refreshes the list refreshes the logs. */
  webhookDeliveries: (webhookId: string) => [...ownerKeys.webhooks(), webhookId, 'deliveries'] as const,
};
