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
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** Renders the shared layout into text and HTML; every value is escaped for the HTML body. */
export function renderMail({ subject, greeting, paragraphs, action, footnote }: MailParts): MailContent {
  const textParts = [greeting, ...paragraphs];
  if (action) textParts.push(`${action.label}: ${action.url}`);
  if (footnote) textParts.push(footnote);
  textParts.push('— Tellbox');

  const htmlParagraphs = [greeting, ...paragraphs].map((line) => `<p>${escapeHtml(line)}</p>`);
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#3B82F6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const foot = footnote ? `<p style="font-size:13px;color:#555">${escapeHtml(footnote)}</p>` : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${htmlParagraphs.join('')}${button}${foot}<p>— Tellbox</p></body></html>`;

  return { subject, text: textParts.join('\n\n'), html, link: action?.url };
}
