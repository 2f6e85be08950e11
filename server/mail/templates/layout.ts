/** The parts of every e-mail: a subject, plain-text and HTML bodies, and its link if any. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  link?: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface MailParts {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/**
 * Every mail opens the same way, without the owner's name: a name is free text typed at sign-up
 * by anyone, and "Hi <name>," would let a name such as "Security team: your card was charged,
 * call …" speak in Tellbox's voice to whoever's address was used.
 */
const GREETING = 'Hello,';

/**
 * Renders the shared layout into text and HTML; every value is escaped for the HTML body. Only
 * Tellbox's own words and links belong in `paragraphs`: never text a user typed.
 */
export function renderMail({ subject, paragraphs, action, footnote }: MailParts): MailContent {
  const textParts = [GREETING, ...paragraphs];
  if (action) textParts.push(`${action.label}: ${action.url}`);
  if (footnote) textParts.push(footnote);
  textParts.push('— Tellbox');

  const htmlParagraphs = [GREETING, ...paragraphs].map((line) => `<p>${escapeHtml(line)}</p>`);
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#3B82F6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const foot = footnote ? `<p style="font-size:13px;color:#555">${escapeHtml(footnote)}</p>` : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${htmlParagraphs.join('')}${button}${foot}<p>— Tellbox</p></body></html>`;

  return { subject, text: textParts.join('\n\n'), html, link: action?.url };
}
