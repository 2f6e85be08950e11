import { textColorOn } from '../../../src/shared/contrast';
import { BRAND_COLOR, COLORS, FONT_FAMILY } from '../../../src/shared/design-tokens';
import { HEX_COLOR_PATTERN } from '../../../src/shared/schemas/widget';
import { singleLine, splitLines } from './line-breaks';

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

/**
 * Text someone else typed (a visitor's feedback), shown set apart as a quote under Tellbox's own
 * words so it never reads as Tellbox speaking; `details` are its small print (page, author), one
 * line each.
 */
export interface MailQuote {
  text: string;
  details: string[];
}

/**
 * Whose mail it is when it is not Tellbox's own (an owner's reply): the card opens with a band of
 * their colour and their name on it, in black or white, whichever contrasts more (at least 4.58:1).
 */
export interface MailBrand {
  name: string;
  /** `#rrggbb`; anything else falls back to Tellbox's colour. */
  color: string;
}

interface MailParts {
  subject: string;
  brand?: MailBrand;
  paragraphs: string[];
  quotes?: MailQuote[];
  action?: { label: string; url: string };
  footnote?: string;
}

/**
 * Every mail opens the same way, without the owner's name: a name is free text typed at sign-up
 * by anyone, and "Hi <name>," would let a name such as "Security team: your card was charged,
 * call …" speak in Tellbox's voice to whoever's address was used.
 */
const GREETING = 'Hello,';

/** The card's width on a wide screen; below it the card takes the screen's width. */
export const MAIL_MAX_WIDTH = 600;

/**
 * The mails' colours: the brand's teal and the light scheme of the design tokens. Mails stay
 * light: mail clients that darken a message do it themselves, and half of them ignore CSS that
 * asks for dark. Written as inline styles and HTML attributes only, which every mail client keeps
 * (many drop <style> blocks); no image and no web font, so nothing is fetched when a mail opens.
 */
const C = COLORS.light;
const FONT = FONT_FAMILY.replace(/"/g, "'");
// A long word (a URL or an address in a sentence, a name without spaces) breaks anywhere rather
// than widen the mail past a phone's screen; both properties, for clients that know only one.
const TEXT_STYLE = `font-family:${FONT};font-size:16px;line-height:1.5;color:${C.text};overflow-wrap:anywhere;word-break:break-word`;
const SMALL_STYLE = `margin:0 0 16px;font-size:14px;line-height:1.5;color:${C.textSecondary}`;

const QUOTE_DETAIL_STYLE = `margin:0;font-size:14px;line-height:1.5;color:${C.textSecondary};word-break:break-all`;

const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;

/**
 * A large button drawn by a table cell, so clients that drop padding on links (Outlook) still show
 * a filled, easy-to-tap area; the link's own padding makes the whole area clickable elsewhere.
 */
function buttonHtml({ label, url }: { label: string; url: string }): string {
  const href = escapeHtml(url);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>` +
    `<td align="center" bgcolor="${BRAND_COLOR}" style="border-radius:8px;background:${BRAND_COLOR}">` +
    `<a href="${href}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:600;line-height:20px;color:${C.onPrimary};text-decoration:none;border-radius:8px">${escapeHtml(label)}</a>` +
    `</td></tr></table>` +
    `<p style="${SMALL_STYLE}">Or paste this link into your browser:<br>` +
    // A long link breaks anywhere rather than widening the mail on a phone.
    `<a href="${href}" style="color:${BRAND_COLOR};text-decoration:underline;word-break:break-all">${href}</a></p>`
  );
}

function quoteHtml({ text, details }: MailQuote): string {
  return (
    `<div style="margin:0 0 16px;padding:8px 12px;border-left:3px solid ${C.border};background:${C.bg}">` +
    `<p style="margin:0 0 4px;white-space:pre-wrap;word-break:break-word">${escapeHtml(text)}</p>` +
    details.map((line) => `<p style="${QUOTE_DETAIL_STYLE}">${escapeHtml(line)}</p>`).join('') +
    `</div>`
  );
}

/** In the plain-text part every line of the quoted text is marked, whatever line break ends it. */
function quoteText({ text, details }: MailQuote): string {
  return [...splitLines(text).map((line) => `> ${line}`), ...details].join('\n');
}

/** The card's first row: Tellbox's name in its colour, or the brand's band. */
function headerHtml(brand: MailBrand | undefined): string {
  if (!brand) {
    return `<tr><td style="padding:24px 24px 0;font-family:${FONT};font-size:20px;font-weight:700;line-height:1.2;color:${BRAND_COLOR}">Tellbox</td></tr>`;
  }
  const color = HEX_COLOR_PATTERN.test(brand.color) ? brand.color.toLowerCase() : BRAND_COLOR;
  const ink = textColorOn(color);
  return (
    `<tr><td bgcolor="${color}" style="padding:20px 24px;background:${color};border-radius:11px 11px 0 0;font-family:${FONT};color:${ink}">` +
    `<div style="font-size:20px;font-weight:700;line-height:1.25;word-break:break-word">${escapeHtml(brand.name)}</div>` +
    `<div style="margin-top:2px;font-size:13px;line-height:1.4">via Tellbox</div>` +
    `</td></tr>`
  );
}

function htmlBody(subject: string, content: string, brand?: MailBrand): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${C.bg};-webkit-text-size-adjust:100%">` +
    // The outer table fills the screen; the inner one is the card, at most MAIL_MAX_WIDTH wide.
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${C.bg}" style="width:100%;background:${C.bg}"><tr>` +
    `<td align="center" style="padding:24px 12px">` +
    // Outlook for Windows ignores max-width: a fixed-width table holds the card there.
    `<!--[if mso]><table role="presentation" width="${MAIL_MAX_WIDTH}" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${C.surface}" style="width:100%;max-width:${MAIL_MAX_WIDTH}px;background:${C.surface};border:1px solid ${C.border};border-radius:12px">` +
    headerHtml(brand) +
    `<tr><td style="padding:20px 24px 8px;${TEXT_STYLE}">${content}</td></tr>` +
    `</table>` +
    `<!--[if mso]></td></tr></table><![endif]-->` +
    `</td></tr></table></body></html>`
  );
}

/**
 * Everything but a quote's text on one line. Tellbox's own sentences still carry names people
 * typed (a widget's name, an owner's or a visitor's in a quote's small print, a webhook's URL); a
 * line break in one would start an unmarked line of the plain-text part.
 */
function onOneLine({ subject, brand, paragraphs, quotes = [], action, footnote }: MailParts): MailParts {
  return {
    subject: singleLine(subject),
    brand: brand && { name: singleLine(brand.name), color: brand.color },
    paragraphs: paragraphs.map(singleLine),
    quotes: quotes.map(({ text, details }) => ({ text, details: details.map(singleLine) })),
    action: action && { label: singleLine(action.label), url: action.url },
    footnote: footnote && singleLine(footnote),
  };
}

/**
 * Renders the shared layout into text and HTML; every value is escaped for the HTML body. Only
 * Tellbox's own words and links belong in `paragraphs`, at most with a name in them (put on one
 * line): never a message a user typed, which goes in a quote.
 */
export function renderMail(parts: MailParts): MailContent {
  const { subject, brand, paragraphs, quotes = [], action, footnote } = onOneLine(parts);
  const textParts = [GREETING, ...paragraphs, ...quotes.map(quoteText)];
  if (action) textParts.push(`${action.label}: ${action.url}`);
  if (footnote) textParts.push(footnote);
  textParts.push('— Tellbox');

  const content =
    [GREETING, ...paragraphs].map(paragraph).join('') +
    quotes.map(quoteHtml).join('') +
    (action ? buttonHtml(action) : '') +
    (footnote ? `<p style="${SMALL_STYLE}">${escapeHtml(footnote)}</p>` : '') +
    paragraph('— Tellbox');

  return { subject, text: textParts.join('\n\n'), html: htmlBody(subject, content, brand), link: action?.url };
}
