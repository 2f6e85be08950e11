/**
 * The owner's event stream, `GET /api/events` (server-sent events, `Authorization: Bearer`): what
 * the desktop app turns into notifications and the web console into live lists.
 */

/** `event: feedback`: a new feedback entry on one of the owner's widgets, visible under the plan. */
export interface FeedbackEvent {
  feedbackId: string;
  widgetId: string;
  widgetName: string;
  /** The message as the visitor sent it (plain text; shorten it for display). */
  message: string;
  createdAt: string;
}

export const EVENT_STREAM_PATH = '/api/events';
export const FEEDBACK_EVENT = 'feedback';
