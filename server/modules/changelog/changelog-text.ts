/**
 * Text from the database made safe for the changelog's HTML and XML: escaped for element content
 * and for quoted attributes alike, without the characters XML 1.0 forbids.
 */

/**
 * What XML 1.0 does not allow in a document (C0 controls other than tab, line feed and carriage
 * return; U+FFFE, U+FFFF; unpaired surrogates). A feed reader rejects the whole feed for one of
 * them, and in HTML they show as garbage, so both drop them.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const FORBIDDEN_IN_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` escaped for HTML or XML text and quoted attributes. */
export function escapeMarkup(value: string): string {
  return value.replace(FORBIDDEN_IN_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** `value` cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function shorten(value: string, max: number): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** One formatter per language: making one costs more than formatting a hundred dates. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A stored ISO time as the page's language writes a date (UTC: the page runs no script to localise it). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    formatters.set(language, formatter);
  }
  return formatter.format(date);
}

/** A stored time as RFC 3339 (Atom's dates), or the epoch for one that does not parse. */
export function rfc3339(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
}
