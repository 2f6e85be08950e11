/** Every string, name and number the widget uses; visitors read the labels, owners the API names. */
import type { WidgetTab } from '../../src/shared/schemas/widget';

export {
  FEEDBACK_HONEYPOT_FIELD,
  MAX_AUTHOR_NAME_LENGTH,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_URL_LENGTH,
} from '../../src/shared/limits';

/** The one element the widget adds to the host page; everything else lives in its shadow root. */
export const HOST_TAG = 'tellbox-widget';
/** The window event sent after a visitor's feedback was accepted (`detail: { siteKey }`). */
export const SENT_EVENT = 'tellbox:feedback-sent';
/** Performance marks: script start, and the launcher on screen (`npm run bench` reads them). */
export const MARK_START = 'tellbox:start';
export const MARK_LAUNCHER = 'tellbox:launcher';
/** localStorage key prefix for the newest post a visitor has seen, per site key. */
export const SEEN_KEY = 'tellbox:seen:';
/** The owner's colour when the config carries none we can trust inside CSS. */
/** Above everything a host page is likely to stack; the dialog itself uses the top layer. */
export const Z_INDEX = 2147483647;
export const DEFAULT_COLOR = '#000000';

export const TAB_LABELS: Record<WidgetTab, string> = { feedback: 'Feedback', news: 'Updates' };

export const LABELS = {
  title: 'Support Widget',
  close: 'Close',
  newUpdates: 'new updates',
  // The feedback form's fields, by their names in the API body.
  message: 'Message',
  placeholder: 'Tell us what you think…',
  authorName: 'Name (optional)',
  authorEmail: 'Email (optional)',
  send: 'Send',
  sending: 'Sending…',
  retry: 'Try again',
  sent: 'Thank you! Your feedback was sent.',
  failed: 'Your feedback could not be sent.',
  another: 'Send more feedback',
  noUpdates: 'No updates yet.',
  learnMore: 'Learn more',
} as const;
