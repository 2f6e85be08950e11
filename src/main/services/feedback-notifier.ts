/**
 * Keeps the owner's event stream open while there is a server and a session, and turns each new
 * feedback into a native notification; a click focuses the window on that widget's feedback.
 * Everything it touches is injected, so it is tested without Electron or a network.
 */
import { EVENT_STREAM_PATH, type FeedbackEvent } from '../../shared/desktop-events';
import type { connectEventStream, EventStreamConnection } from '../../shared/event-stream';
import { notificationRoute, notificationText, type NotificationText } from './notifications';

/** `connectEventStream` (src/shared/event-stream.ts), or a fake in tests. */
export type ConnectEventStream = typeof connectEventStream;

export interface FeedbackNotifierDeps {
  connect: ConnectEventStream;
  /** Shows a native notification; `onClick` runs when the owner clicks it. */
  showNotification: (text: NotificationText, onClick: () => void) => void;
  focusWindow: () => void;
  /** Sends a console route to the renderer on IPC.notificationClick. */
  sendRoute: (route: string) => void;
  /** The "Notifications for new feedback" setting, read per event so a change applies at once. */
  isEnabled: () => boolean;
  getServerUrl: () => string | null;
  /** The stored session token (`'Bearer …'`) for the current server; null when logged out. */
  getToken: () => Promise<string | null>;
  fetch: typeof fetch;
  /** Escape the body as markup (Linux notification servers parse it); see notificationText. */
  bodyMarkup?: boolean;
}

export interface FeedbackNotifier {
  /** Connects when a server URL and a token are there; does nothing when already connected. */
  start(): Promise<void>;
  /** After a new token or server URL: drops the stream and starts again. */
  restart(): Promise<void>;
  /** Logout, quitting: closes the stream. */
  stop(): void;
}

/** The absolute events URL of a server origin, or null when it cannot be one. */
function eventsUrl(serverUrl: string): string | null {
  try {
    return new URL(EVENT_STREAM_PATH, serverUrl).href;
  } catch {
    return null;
  }
}

export function createFeedbackNotifier(deps: FeedbackNotifierDeps): FeedbackNotifier {
  let connection: EventStreamConnection | null = null;
  /** Bumped by every start and stop, so a start still waiting for the token cannot connect after a stop. */
  let generation = 0;

  const notify = (event: FeedbackEvent): void => {
    if (!deps.isEnabled()) return;
    const text = notificationText(event, { bodyMarkup: deps.bodyMarkup });
    const route = notificationRoute(event.widgetId);
    deps.showNotification(text, () => {
      deps.focusWindow();
      deps.sendRoute(route);
    });
  };

  const stop = (): void => {
    generation += 1;
    const current = connection;
    connection = null;
    current?.stop();
  };

  const start = async (): Promise<void> => {
    if (connection) return;
    generation += 1;
    const mine = generation;
    const serverUrl = deps.getServerUrl();
    const url = serverUrl ? eventsUrl(serverUrl) : null;
    if (!url) return;
    const token = await deps.getToken().catch(() => null);
    if (!token || mine !== generation || connection) return;
    connection = deps.connect({
      url,
      getToken: deps.getToken,
      fetch: deps.fetch,
      onFeedback: (event) => {
        if (mine === generation) notify(event);
      },
      onUnauthorized: () => {
        // The client has stopped itself; a new token (restart) connects again.
        if (mine === generation) connection = null;
      },
    });
  };

  return {
    start,
    stop,
    restart: () => {
      stop();
      return start();
    },
  };
}
