/** What the public routes answer: the widget's config, health, and the owner event stream's events. */
import { NEWS_ICONS } from '../news';
import { WIDGET_LANGUAGES, WIDGET_STRINGS, type WidgetStrings } from '../../widget-language';
import { WIDGET_POSITIONS, WIDGET_TABS } from '../widget';
import { z } from '../zod';
import { isoTimeSchema } from './common';

/** A published post as the widget shows it: only what the widget reads goes to every visitor. */
export const publicPostSchema = z
  .strictObject({
    title: z.string(),
    content: z.string(),
    icon: z.enum(NEWS_ICONS),
    link: z.string().nullable(),
    createdAt: isoTimeSchema,
  })
  .meta({ id: 'PublicPost' });

/** `GET /api/public/widget/:siteKey`: what the widget script needs, and nothing more. */
export const publicWidgetConfigSchema = z
  .strictObject({
    widget: z.strictObject({
      key: z.string(),
      position: z.enum(WIDGET_POSITIONS),
      color: z.string(),
      enabledTabs: z.array(z.enum(WIDGET_TABS)),
      hideLauncher: z.boolean(),
      offsetX: z.number().int(),
      offsetY: z.number().int(),
      changelogUrl: z
        .string()
        .nullable()
        .meta({ description: 'The public changelog page; null while it is off or news is off.' }),
    }),
    lang: z
      .enum(WIDGET_LANGUAGES)
      .meta({ description: 'The language `strings` are in (from `?lang=`, else English).' }),
    strings: z
      .strictObject(
        Object.fromEntries(Object.keys(WIDGET_STRINGS.en).map((key) => [key, z.string()])) as Record<
          keyof WidgetStrings,
          z.ZodString
        >,
      )
      .meta({ id: 'WidgetStrings', description: "Every word the widget shows, the owner's rewording included." }),
    posts: z.array(publicPostSchema),
  })
  .meta({ id: 'PublicWidgetConfig' });

/** `GET /api/health` while the instance serves requests. */
export const healthResponseSchema = z
  .strictObject({
    status: z.literal('ok'),
    database: z.enum(['ok', 'down']),
    redis: z.enum(['ok', 'down', 'off']).meta({ description: '`off` without REDIS_URL.' }),
  })
  .meta({ id: 'Health' });

/** `GET /api/health` once graceful shutdown has begun. */
export const shuttingDownResponseSchema = z.strictObject({ status: z.literal('shutting-down') });

/** Stripe's webhook, applied (or a duplicate, already applied). */
export const stripeWebhookResponseSchema = z.strictObject({ received: z.literal(true) });
