/**
 * Plain numeric limits that the renderer, the server and the widget all honour. Kept free of zod
 * so the dependency-free widget can import them without pulling a validator into its bundle.
 */

/** A visitor's feedback message, after trimming (docs/product.md, "The widget and its public API"). */
export const MAX_FEEDBACK_MESSAGE_LENGTH = 5000;
export const MAX_AUTHOR_NAME_LENGTH = 100;
export const MAX_URL_LENGTH = 2048;
/** Hidden form field that people never fill and bots do; a filled one is accepted and dropped. */
export const FEEDBACK_HONEYPOT_FIELD = 'website';

export const MAX_EARLY_ACCESS_EMAIL_LENGTH = 255;
export const MAX_WIDGET_NAME_LENGTH = 100;
export const MAX_POST_TITLE_LENGTH = 200;
export const MAX_POST_CONTENT_LENGTH = 5000;

/** Feed lists (recent feedback, recent news) show this many items by default. */
export const RECENT_ITEMS_LIMIT = 3;
/** The feedback table cuts messages at this many characters. */
export const FEEDBACK_PREVIEW_LENGTH = 80;
/** Feedback list pages. */
export const DEFAULT_FEEDBACK_PAGE_SIZE = 50;
export const MAX_FEEDBACK_PAGE_SIZE = 100;

/** An owner's reply to a visitor, and a private note on a feedback. */
export const MAX_REPLY_LENGTH = 5000;
export const MAX_NOTE_LENGTH = 2000;
/** Replies an account may send in any 24 hours: enough for real conversations, too few for a mailing. */
export const REPLIES_PER_DAY = 50;

/** `GET /api/dashboard/timeseries`: how many calendar days, ending today, one call may ask for. */
export const DEFAULT_TIMESERIES_DAYS = 30;
export const MAX_TIMESERIES_DAYS = 90;

/** How long an inbox search may be: far more than anyone types, short enough to stay cheap. */
export const MAX_FEEDBACK_SEARCH_LENGTH = 200;

/**
 * The inbox's tab counts stop here: a tab with more says so (`capped`) instead of counting on, so
 * the counts of a common word never read every one of its matches.
 */
export const STATUS_COUNT_CAP = 10_000;
