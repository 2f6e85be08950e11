/**
 * Every name and number the widget uses. Its words are not here: they come in the config answer,
 * in the visitor's language (`strings`, src/shared/widget-language.ts).
 */
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
/** Above everything a host page is likely to stack; the dialog itself uses the top layer. */
export const Z_INDEX = 2147483647;
/** The owner's colour when the config carries none we can trust inside CSS. */
export const DEFAULT_COLOR = '#000000';
/** The launcher's height, and the gap between it and the dialog above it. */
export const LAUNCHER_HEIGHT = 48;
export const DIALOG_GAP = 12;

/** Each tab's name among the config's `strings`; a tab not listed here is not shown. */
export const TAB_WORDS: Record<WidgetTab, 'tabFeedback' | 'tabNews'> = { feedback: 'tabFeedback', news: 'tabNews' };
