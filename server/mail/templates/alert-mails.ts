/**
 * The feedback alerts: an instant alert for one widget and the daily digest. Visitors' messages
 * are quoted apart from Tellbox's words (layout.ts), escaped and cut, and their names kept on one
 * line; feedback the plan hides is counted, never shown.
 */
import { ALERT_MESSAGE_PREVIEW_LENGTH } from '../../../src/shared/schemas/notifications';
import { renderMail, type MailContent, type MailQuote } from './layout';

/** One feedback as an alert shows it. */
export interface AlertFeedback {
  message: string;
  pageUrl: string;
  authorName: string | null;
  authorEmail: string | null;
  /** Shown in a digest, which spans widgets. */
  widgetName?: string;
}

/** What an alert or digest holds: the listed feedback and what it only counts. */
export interface AlertContent {
  listed: AlertFeedback[];
  /** Visible feedback past the listed ones. */
  unlisted: number;
  /** Feedback the plan's monthly cap hides. */
  hidden: number;
  /** `PUBLIC_URL/feedback`. */
  inboxUrl: string;
  /** The one-click unsubscribe link. */
  unsubscribeUrl: string;
  settingsUrl: string;
}

/** Cuts at the preview length, counting characters (not UTF-16 units) so no emoji is split. */
export function previewOf(message: string): string {
  const characters = Array.from(message);
  if (characters.length <= ALERT_MESSAGE_PREVIEW_LENGTH) return message;
  return `${characters.slice(0, ALERT_MESSAGE_PREVIEW_LENGTH).join('')}…`;
}

function quoteOf(feedback: AlertFeedback): MailQuote {
  const details = [`Page: ${feedback.pageUrl}`];
  const author = [feedback.authorName, feedback.authorEmail && `<${feedback.authorEmail}>`].filter(Boolean).join(' ');
  if (author) details.push(`From: ${author}`);
  if (feedback.widgetName) details.push(`Widget: ${feedback.widgetName}`);
  return { text: previewOf(feedback.message), details };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function countLines({ unlisted, hidden }: AlertContent): string[] {
  const lines: string[] = [];
  if (unlisted > 0) lines.push(`${plural(unlisted, 'more message is', 'more messages are')} waiting in your inbox.`);
  if (hidden > 0) {
    lines.push(
      `${plural(hidden, 'more message', 'more messages')} arrived past your plan's monthly limit: upgrade your plan to read ${hidden === 1 ? 'it' : 'them'}.`,
    );
  }
  return lines;
}

function footnoteOf(content: AlertContent): string {
  return `You get these e-mails because feedback alerts are on. Change them in your settings (${content.settingsUrl}) or turn them off: ${content.unsubscribeUrl}`;
}

const total = (content: AlertContent) => content.listed.length + content.unlisted + content.hidden;

/** The instant alert for one widget: everything that arrived since its last alert. */
export function instantAlertMail(widgetName: string, content: AlertContent): MailContent {
  const count = total(content);
  return renderMail({
    subject: `${plural(count, 'new feedback message', 'new feedback messages')} on ${widgetName}`,
    paragraphs: [`Your widget "${widgetName}" received ${plural(count, 'new message', 'new messages')}.`],
    quotes: content.listed.map(quoteOf),
    action: { label: 'Open your inbox', url: content.inboxUrl },
    footnote: [...countLines(content), footnoteOf(content)].join(' '),
  });
}

/** The daily digest: the feedback since the previous one, across the widgets it covers. */
export function dailyDigestMail(content: AlertContent): MailContent {
  const count = total(content);
  return renderMail({
    subject: `Your Tellbox digest: ${plural(count, 'new feedback message', 'new feedback messages')}`,
    paragraphs: [`Since your last digest your widgets received ${plural(count, 'new message', 'new messages')}.`],
    quotes: content.listed.map(quoteOf),
    action: { label: 'Open your inbox', url: content.inboxUrl },
    footnote: [...countLines(content), footnoteOf(content)].join(' '),
  });
}
