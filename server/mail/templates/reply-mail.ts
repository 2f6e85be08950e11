/**
 * The mail that carries an owner's reply to a visitor. Both texts are typed by people, so both are
 * quotes set apart from Tellbox's own words (layout.ts); the owner's name, free text too, appears
 * only in a quote's small print, on one line. Answering the mail goes to the owner (its Reply-To).
 * The workspace's name and colour head it, on one line too.
 */
import { renderMail, type MailBrand, type MailContent } from './layout';

export interface ReplyMailContent {
  reply: string;
  ownerName: string;
  /**
   * The workspace's name, and the colour of the widget the feedback came through (workspaces have
   * no colour of their own): the mail opens with them, as it comes from "<name> via Tellbox".
   */
  workspace: MailBrand;
  /** What the visitor wrote, and where. */
  original: { message: string; pageUrl: string; createdAt: string };
}

/** The site the visitor wrote from, as they would recognise it. */
function siteOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).host;
  } catch {
    return pageUrl;
  }
}

export function replyMail({ reply, ownerName, workspace, original }: ReplyMailContent): MailContent {
  const site = siteOf(original.pageUrl);
  return renderMail({
    subject: `Re: your feedback on ${site}`,
    brand: workspace,
    paragraphs: [`You sent feedback on ${site}, and the site's team replied.`],
    quotes: [
      { text: reply, details: [`Reply from ${ownerName}`] },
      { text: original.message, details: [`Your feedback, ${original.createdAt.slice(0, 10)}`, original.pageUrl] },
    ],
    footnote: 'Answer this e-mail to write back to them; Tellbox forwards nothing and keeps no copy of your answer.',
  });
}
