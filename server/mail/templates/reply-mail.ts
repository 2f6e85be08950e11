/**
 * The mail that carries an owner's reply to a visitor. Both texts are typed by people, so both are
 * quotes set apart from Tellbox's own words (layout.ts); the owner's name, free text too, appears
 * only in a quote's small print, on one line. Answering the mail goes to the owner (its Reply-To).
 */
import { renderMail, type MailContent } from './layout';

export interface ReplyMailContent {
  reply: string;
  ownerName: string;
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

export function replyMail({ reply, ownerName, original }: ReplyMailContent): MailContent {
  const site = siteOf(original.pageUrl);
  return renderMail({
    subject: `Re: your feedback on ${site}`,
    paragraphs: [`You sent feedback on ${site}, and the site's team replied.`],
    quotes: [
      { text: reply, details: [`Reply from ${ownerName}`] },
      { text: original.message, details: [`Your feedback, ${original.createdAt.slice(0, 10)}`, original.pageUrl] },
    ],
    footnote: 'Answer this e-mail to write back to them; Tellbox forwards nothing and keeps no copy of your answer.',
  });
}
