/**
 * A delivery as a Slack incoming-webhook message: Block Kit blocks, and `text` as the fallback that
 * notifications and old clients show. Every text goes through escapeSlackText and is cut to Slack's
 * documented limits, which Slack answers with a 400 (`invalid_blocks`) rather than cutting itself.
 */
import { isSafeLink } from '../../../src/shared/links';
import type { WebhookPayload } from '../../../src/shared/api';
import { escapeSlackText, fitText } from './chat-escape';
import { summarise } from './chat-summary';

/** Block Kit's limits: header text, section and context texts. */
export const SLACK_LIMITS = { header: 150, text: 3000 } as const;

interface SlackText {
  type: 'plain_text' | 'mrkdwn';
  text: string;
}

export type SlackBlock =
  | { type: 'header'; text: SlackText }
  | { type: 'section'; text: SlackText }
  | { type: 'context'; elements: SlackText[] };

export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
  /** A visitor chooses the page address: Slack should not fetch it and show a preview. */
  unfurl_links: false;
  unfurl_media: false;
}

const mrkdwn = (text: string): SlackText => ({ type: 'mrkdwn', text });

/** `*Label:* value`, the value escaped and cut so the element fits. */
function labelled(label: string, value: string): SlackText {
  const prefix = `*${label}:* `;
  return mrkdwn(prefix + fitText(value, SLACK_LIMITS.text - prefix.length, escapeSlackText));
}

/**
 * `<url|label>` for an http(s) address we put there ourselves (the inbox, an owner's post link), or
 * null. Characters that would end the address or start the label are percent-encoded.
 */
function link(url: string | null, label: string): SlackText | null {
  if (!isSafeLink(url)) return null;
  const href = new URL(url).href.replaceAll('&', '&amp;').replaceAll('|', '%7C').replaceAll('>', '%3E');
  return mrkdwn(`<${href}|${escapeSlackText(label)}>`);
}

/** The message for a delivery's payload. */
export function slackMessageFor(payload: WebhookPayload): SlackMessage {
  const summary = summarise(payload);
  const context: (SlackText | null)[] =
    summary.event === 'feedback'
      ? [
          summary.data.authorName ? labelled('From', summary.data.authorName) : null,
          labelled('Page', summary.data.pageUrl),
          labelled('Widget', summary.data.widgetName),
          link(summary.data.url, 'Open in the Tellbox inbox'),
        ]
      : [labelled('Widget', summary.data.widgetName), link(summary.data.link, 'Read the post')];
  const body = summary.event === 'feedback' ? summary.data.message : summary.data.content;
  const fallback =
    summary.event === 'feedback'
      ? `${summary.heading}: ${body}`
      : `New post on ${summary.data.widgetName}: ${summary.data.title}`;
  return {
    text: fitText(fallback, SLACK_LIMITS.text, escapeSlackText),
    blocks: [
      {
        type: 'header',
        text: { type: 'plain_text', text: fitText(summary.heading, SLACK_LIMITS.header, escapeSlackText) },
      },
      // A section's text may not be empty, and text of hidden controls alone escapes to nothing.
      { type: 'section', text: mrkdwn(fitText(body, SLACK_LIMITS.text, escapeSlackText) || '(no text)') },
      { type: 'context', elements: context.filter((element) => element !== null) },
    ],
    unfurl_links: false,
    unfurl_media: false,
  };
}
