/** What the widget routes answer: widgets and their installations (the sites they run on). */
import { WIDGET_POSITIONS, WIDGET_TABS, widgetTextsSchema } from '../widget';
import { z } from '../zod';
import { idSchema, isoTimeSchema } from './common';

export const installationSchema = z
  .strictObject({ host: z.string(), createdAt: isoTimeSchema })
  .meta({ id: 'Installation', description: 'A site (host name) the widget is registered on.' });

export const widgetSchema = z
  .strictObject({
    _id: idSchema,
    name: z.string(),
    /** The public site key the snippet carries. */
    key: z.string(),
    createdAt: isoTimeSchema,
    snippet: z.string(),
    active: z.boolean(),
    branding: z.strictObject({ position: z.enum(WIDGET_POSITIONS), color: z.string() }),
    enabledTabs: z.array(z.enum(WIDGET_TABS)),
    lockHosts: z
      .boolean()
      .meta({ description: 'True when no new site may register by itself; the registered ones keep working.' }),
    installations: z.array(installationSchema).meta({
      description: 'The oldest few installations; all of them page through `GET /api/widget/{id}/installations`.',
    }),
    installationCount: z.number().int(),
    texts: widgetTextsSchema.meta({
      description: "The owner's words for the title, launcher, placeholder and thank-you text, by language.",
    }),
    hideLauncher: z.boolean().meta({ description: 'True when the owner opens the dialog with `Tellbox.open()`.' }),
    offsetX: z.number().int().meta({ description: "The launcher's distance from its side, in CSS pixels." }),
    offsetY: z.number().int().meta({ description: "The launcher's distance from the bottom, in CSS pixels." }),
    publicChangelog: z
      .boolean()
      .meta({ description: 'Whether the public changelog is on (it shows while news is on).' }),
    changelogUrl: z.string().meta({ description: 'The public changelog page, `PUBLIC_URL/changelog/<key>`.' }),
  })
  .meta({ id: 'Widget' });

/** `POST /api/widget`, `PUT /api/widget/:id` and removing an installation: the widget as it is now. */
export const widgetResponseSchema = z.strictObject({ widget: widgetSchema });

export const widgetListResponseSchema = z.strictObject({ success: z.literal(true), widgets: z.array(widgetSchema) });

export const installationListResponseSchema = z.strictObject({
  success: z.literal(true),
  installations: z.array(installationSchema).meta({ description: 'Oldest first.' }),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
});
