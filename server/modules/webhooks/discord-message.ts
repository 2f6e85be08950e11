/**
 * A delivery as a Discord execute-webhook body: one embed, and `allowed_mentions` with nothing to
 * parse, so no text in it can notify anyone. Every text is escaped and cut to Discord's documented
 * embed limits, which Discord answers with a 400 rather than cutting itself.
 */
import { BRAND_COLOR } from '../../../src/shared/design-tokens';
import { isSafeLink } from '../../../src/shared/links';
import type { WebhookPayload } from '../../../src/shared/api';
import { escapeDiscordText, fitText, plainDiscordText } from './chat-escape';
import { summarise } from './chat-summary';

/** Discord's embed limits; `total` counts title, description, field names and values, footer. */
export const DISCORD_LIMITS = { title: 256, description: 4096, fieldValue: 1024, total: 6000 } as const;

/** The brand teal as the integer Discord's `color` takes. */
export const DISCORD_COLOR = Number.parseInt(BRAND_COLOR.slice(1), 16);

export interface DiscordField {
  name: string;
  value: string;
  inline: boolean;
}

export interface DiscordEmbed {
  title: string;
  description: string;
  url?: string;
  color: number;
  timestamp: string;
  fields: DiscordField[];
  footer: { text: string };
}

export interface DiscordMessage {
  embeds: [DiscordEmbed];
  allowed_mentions: { parse: [] };
}

const FOOTER = 'Tellbox';

function field(name: string, value: string, inline: boolean): DiscordField {
  // A field's value may not be empty, and text of hidden controls alone escapes to nothing.
  return { name, value: fitText(value, DISCORD_LIMITS.fieldValue, escapeDiscordText) || '—', inline };
}

/** The characters Discord counts towards an embed's total, all but the description. */
function charactersBesideDescription(embed: Omit<DiscordEmbed, 'description'>): number {
  const fields = embed.fields.reduce((sum, { name, value }) => sum + name.length + value.length, 0);
  return embed.title.length + fields + embed.footer.text.length;
}

/** The message for a delivery's payload. */
export function discordMessageFor(payload: WebhookPayload): DiscordMessage {
  const summary = summarise(payload);
  const fields =
    summary.event === 'feedback'
      ? [
          ...(summary.data.authorName ? [field('From', summary.data.authorName, true)] : []),
          field('Widget', summary.data.widgetName, true),
          field('Page', summary.data.pageUrl, false),
        ]
      : [field('Widget', summary.data.widgetName, true)];
  // Discord rejects an embed whose url is not a valid address: only http(s) ones we can parse go in.
  const url = summary.event === 'feedback' ? summary.data.url : summary.data.link;
  const rest = {
    title: fitText(summary.heading, DISCORD_LIMITS.title, plainDiscordText),
    ...(isSafeLink(url) ? { url: new URL(url).href } : {}),
    color: DISCORD_COLOR,
    timestamp: summary.data.createdAt,
    fields,
    footer: { text: FOOTER },
  };
  const room = Math.min(DISCORD_LIMITS.description, DISCORD_LIMITS.total - charactersBesideDescription(rest));
  const body = summary.event === 'feedback' ? summary.data.message : summary.data.content;
  return {
    embeds: [{ ...rest, description: fitText(body, room, escapeDiscordText) }],
    allowed_mentions: { parse: [] },
  };
}
