/**
 * Native notifications for new feedback. Their text comes from visitors (anyone on the owner's
 * sites), so it is made plain, short and unable to steer anything (docs/security-model.md E-13): control,
 * bidi-override and invisible characters go, whitespace collapses, and a click can only open the
 * console's feedback list.
 */
import type { FeedbackEvent } from '../../shared/desktop-events';

export const TITLE_MAX_CHARS = 60;
export const BODY_MAX_CHARS = 120;
const ELLIPSIS = '…';
/** More than this is never shown; the rest is not even looked at. */
const MAX_INPUT_CHARS = 100_000;
/** Real scripts stack a few combining marks; "Zalgo" text stacks hundreds on one letter. */
const MAX_COMBINING_MARKS = 8;
const WIDGET_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface NotificationText {
  title: string;
  body: string;
}

/** C0, DEL and C1 controls (newlines and tabs too: they become spaces). */
const CONTROL = /\p{Cc}/gu;
/**
 * Bidi marks, embeddings, overrides and isolates; zero-width space, word joiner, BOM, soft hyphen,
 * invisible operators.
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A subdivision flag (🏴 + tag letters + cancel tag, as in the flag of Scotland), or any other tag character. */
const FLAG_OR_TAG = /(\u{1F3F4}[\u{E0020}-\u{E007E}]{1,8}\u{E007F})|[\u{E0000}-\u{E007F}]/gu;
/** Joiners that join nothing (at an edge, next to a space or another joiner) are invisible padding. */
const STRAY_JOINERS = /(^|\s)[\u200C\u200D]+|[\u200C\u200D]+(?=\s|$)|(?<=[\u200C\u200D])[\u200C\u200D]+/g;
const MARK_PILES = new RegExp(`(\\p{M}{${MAX_COMBINING_MARKS}})\\p{M}+`, 'gu');

/** One line of visible text: no controls, no bidi overrides, no invisible padding, whitespace collapsed. */
export function plainText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .slice(0, MAX_INPUT_CHARS)
    .replace(LONE_SURROGATE, '')
    .replace(CONTROL, ' ')
    .replace(INVISIBLE, '')
    .replace(FLAG_OR_TAG, (_match, flag: string | undefined) => flag ?? '')
    .replace(MARK_PILES, '$1')
    .replace(STRAY_JOINERS, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * Code units allowed per character on average: an emoji sequence is one character of up to ~14
 * units, but a chain of joined emoji can make one "character" of any length.
 */
const UNITS_PER_CHAR = 8;

/**
 * `text` cut to at most `max` user-perceived characters (an emoji with its modifiers is one) with
 * "…", at the last word boundary when one falls in the second half, so words are not cut in two.
 */
export function cutText(text: string, max: number): string {
  const maxUnits = max * UNITS_PER_CHAR;
  let count = 0;
  /** Where the previous character ends, and the one before it. */
  let previousEnd = 0;
  let beforePreviousEnd = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    count += 1;
    const end = index + segment.length;
    if (count > max || end > maxUnits) {
      // Keep what fits with room for the ellipsis, then go back to a word boundary.
      const head = text.slice(0, count > max ? beforePreviousEnd : previousEnd);
      const space = head.lastIndexOf(' ');
      const cut = space >= head.length / 2 ? head.slice(0, space) : head;
      return cut.replace(/[\s,;:]+$/, '') + ELLIPSIS;
    }
    beforePreviousEnd = previousEnd;
    previousEnd = end;
  }
  return text;
}

/** Escapes the few characters freedesktop notification servers read as markup in a body. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface NotificationTextOptions {
  /**
   * Escape the body for notification servers that parse a subset of HTML in it (most Linux ones:
   * Electron hands the body to libnotify unescaped). Wrong on macOS and Windows, which show it as is.
   */
  bodyMarkup?: boolean;
}

/** Title (the widget's name) and body (the message's first words) for a feedback event. */
export function notificationText(event: FeedbackEvent, options: NotificationTextOptions = {}): NotificationText {
  const title = cutText(plainText(event.widgetName), TITLE_MAX_CHARS) || 'Tellbox';
  const body = cutText(plainText(event.message), BODY_MAX_CHARS) || 'New feedback';
  return { title, body: options.bodyMarkup ? escapeMarkup(body) : body };
}

/** The console route a click opens: the widget's feedback, or the whole list for an odd id. Never another route. */
export function notificationRoute(widgetId: unknown): string {
  return typeof widgetId === 'string' && WIDGET_ID.test(widgetId) ? `/feedback?widget=${widgetId}` : '/feedback';
}

/** The part of Electron's Notification used here. */
export interface NativeNotification {
  on(event: 'click', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'failed', listener: () => void): unknown;
  show(): void;
}

export type NativeNotificationClass = new (options: { title: string; body: string }) => NativeNotification;

/** How many shown notifications are kept referenced at most (a server may never report "closed"). */
const MAX_LIVE_NOTIFICATIONS = 50;

/**
 * `showNotification(text, onClick)` over Electron's Notification class. Shown notifications stay
 * referenced until closed or clicked: a collected Notification object loses its click handler.
 */
export function createNotificationShower(
  NotificationClass: NativeNotificationClass,
): (text: NotificationText, onClick: () => void) => void {
  const live = new Set<NativeNotification>();
  return (text, onClick) => {
    const notification = new NotificationClass({ title: text.title, body: text.body });
    const release = (): boolean => live.delete(notification);
    notification.on('click', () => {
      release();
      onClick();
    });
    notification.on('close', release);
    notification.on('failed', release);
    live.add(notification);
    if (live.size > MAX_LIVE_NOTIFICATIONS) {
      const [oldest] = live;
      if (oldest) live.delete(oldest);
    }
    notification.show();
  };
}
