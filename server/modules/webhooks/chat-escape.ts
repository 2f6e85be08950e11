/**
 * Visitor text goes into Slack and Discord messages, where markup is live: `<!channel>` alerts a
 * whole Slack channel, `@everyone` a Discord server, and `<http://evil|Click>` or
 * `[Click](https://evil)` shows a harmless word over a link. These functions turn any text into
 * something the chat app shows as the text itself. Owners' text (widget names, posts) goes through
 * them too: the same rules cost nothing and need no judgement about whose text is whose.
 */

const ZERO_WIDTH_SPACE = '\u200B';

/** Words that notify everyone in a channel or server, when they are not a control sequence. */
const BROADCAST_MENTION = /@(channel|here|everyone)\b/gi;

/** Web addresses as chat apps auto-link them: up to the next space or angle bracket. */
const WEB_ADDRESS = /https?:\/\/[^\s<>]+/gi;

/** Discord markdown: emphasis, code, spoilers, quotes, headings, lists, masked links, mentions. */
const DISCORD_MARKUP = /[\\*_~`|>#\-[\]()<]/g;

/**
 * Characters that could make Discord read markup inside an auto-linked address, percent-encoded
 * (a browser opens the same page): masked-link brackets and parentheses, escapes, code, mentions.
 */
const DISCORD_ADDRESS_MARKUP = /[[\]()\\`@]/g;

/**
 * Control characters (except tab and newline) and the bidirectional overrides and isolates, which
 * can make an address read backwards: `https://good.example\u202Eelpmaxe.live`.
 */
function isHiddenControl(codePoint: number): boolean {
  return (
    (codePoint < 0x20 && codePoint !== 0x09 && codePoint !== 0x0a) ||
    codePoint === 0x7f ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  );
}

function withoutHiddenControls(text: string): string {
  return Array.from(text)
    .filter((char) => !isHiddenControl(char.codePointAt(0) ?? 0))
    .join('');
}

/** `@everyone` → `@\u200Beveryone`: reads the same, notifies no one. */
function withoutBroadcastMentions(text: string): string {
  return text.replace(BROADCAST_MENTION, `@${ZERO_WIDTH_SPACE}$1`);
}

/**
 * The address without the punctuation that closes the sentence around it, as chat apps link it:
 * `(see https://a.example/x).` links `https://a.example/x`, and `…/Foo_(bar))` keeps one `)`.
 */
function trimAddress(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1] ?? '';
    const part = url.slice(0, end);
    const unbalanced = last === ')' && part.split('(').length < part.split(')').length;
    const closing = last === ']' || /[.,:;!?"']/.test(last);
    if (!unbalanced && !closing) return part;
    end -= 1;
  }
}

/** Runs `prose` over the text between web addresses and `address` over each address. */
function mapAroundAddresses(text: string, prose: (part: string) => string, address: (url: string) => string) {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const url = trimAddress(match[0]);
    result += prose(text.slice(last, match.index)) + address(url);
    last = match.index + url.length;
  }
  return result + prose(text.slice(last));
}

function percentEncode(char: string): string {
  return `%${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Slack's three control characters, as Slack asks: only these are decoded, so only these are encoded. */
function escapeSlackControls(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Text for any Slack text object (mrkdwn or plain_text): `&`, `<`, `>` become entities, so no
 * `<!channel>`, `<@U123>` or `<url|label>` can form; bare `@channel`/`@here`/`@everyone` notify no one;
 * an `@` inside a web address is percent-encoded so the address still links.
 */
export function escapeSlackText(text: string): string {
  return mapAroundAddresses(
    withoutHiddenControls(text),
    (prose) => escapeSlackControls(withoutBroadcastMentions(prose)),
    (url) => escapeSlackControls(url.replaceAll('@', '%40')),
  );
}

/**
 * Text for a Discord embed description or field value, where markdown is rendered: every markdown
 * character is backslash-escaped (so `[Click](https://evil)` and `<@123>` show as typed), bare
 * `@everyone`/`@here` notify no one, and inside web addresses the characters that could start
 * markup are percent-encoded, so the address still links to the same page.
 */
export function escapeDiscordText(text: string): string {
  return mapAroundAddresses(
    withoutHiddenControls(text),
    (prose) => withoutBroadcastMentions(prose).replace(DISCORD_MARKUP, '\\$&'),
    (url) => url.replace(DISCORD_ADDRESS_MARKUP, percentEncode),
  );
}

/**
 * Text for places Discord shows without markdown (embed titles, field names): backslashes would
 * show there, so only mentions and hidden controls are taken out.
 */
export function plainDiscordText(text: string): string {
  return withoutBroadcastMentions(withoutHiddenControls(text));
}

const ELLIPSIS = '…';

/**
 * `escape(text)`, cut to at most `max` UTF-16 units (what Slack and Discord count, or more) by
 * shortening the text before escaping and ending it with an ellipsis, so no escape sequence or
 * surrogate pair is ever cut in half.
 */
export function fitText(text: string, max: number, escape: (text: string) => string = (plain) => plain): string {
  const whole = escape(text);
  if (whole.length <= max) return whole;
  const chars = Array.from(text);
  // The longest prefix whose escaped form still fits: escaping a longer prefix is never shorter.
  let low = 0;
  let high = chars.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (escape(chars.slice(0, middle).join('')).length + ELLIPSIS.length <= max) low = middle;
    else high = middle - 1;
  }
  return escape(chars.slice(0, low).join('').trimEnd()) + ELLIPSIS;
}
