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

/**
 * `event: installation`: a widget was used on a new site, which is now one of its installations
 * (the first one ticks the console's "Install the snippet" step).
 */
export interface InstallationEvent {
  widgetId: string;
  /** The site's host name, as listed in the widget's installations. */
  host: string;
}

export const EVENT_STREAM_PATH = '/api/events';
export const FEEDBACK_EVENT = 'feedback';
export const INSTALLATION_EVENT = 'installation';
