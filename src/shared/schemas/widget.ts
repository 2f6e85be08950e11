import { MAX_WIDGET_NAME_LENGTH } from '../limits';
import { MAX_OWNER_TEXT_LENGTH, OWNER_TEXT_FIELDS, WIDGET_LANGUAGES, type WidgetTexts } from '../widget-language';
import { z } from './zod';

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left'] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];

export const WIDGET_TABS = ['feedback', 'news'] as const;
export type WidgetTab = (typeof WIDGET_TABS)[number];

export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** How far the launcher may sit from its corner, in CSS pixels, on each axis. */
export const MAX_LAUNCHER_OFFSET = 200;
export const DEFAULT_LAUNCHER_OFFSET = 20;

/** The widget form's starting values (docs/product.md §5). */
export const WIDGET_FORM_DEFAULTS = {
  name: '',
  position: 'bottom-right',
  primaryColor: '#3B82F6',
  enableFeedback: true,
  enableNews: true,
} as const satisfies Record<string, unknown>;

/** The launcher's and the changelog's settings a new widget starts with. */
export const WIDGET_DISPLAY_DEFAULTS = {
  texts: {} as WidgetTexts,
  hideLauncher: false,
  offsetX: DEFAULT_LAUNCHER_OFFSET,
  offsetY: DEFAULT_LAUNCHER_OFFSET,
  publicChangelog: true,
};

/** One of the owner's texts: trimmed, at most its length; empty means the language's own words. */
const ownerText = (max: number) => z.string().trim().max(max).optional();

/** The owner's rewording of one language. */
export const ownerTextsSchema = z.strictObject(
  Object.fromEntries(OWNER_TEXT_FIELDS.map((field) => [field, ownerText(MAX_OWNER_TEXT_LENGTH[field])])) as Record<
    (typeof OWNER_TEXT_FIELDS)[number],
    ReturnType<typeof ownerText>
  >,
);

/** The owner's rewording, by language; a language left out speaks its own words. */
export const widgetTextsSchema = z.partialRecord(z.enum(WIDGET_LANGUAGES), ownerTextsSchema);

const launcherOffset = z.number().int().min(0).max(MAX_LAUNCHER_OFFSET);

const widgetFields = z.strictObject({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(MAX_WIDGET_NAME_LENGTH),
  position: z.enum(WIDGET_POSITIONS),
  primaryColor: z.string().regex(HEX_COLOR_PATTERN, 'Please enter a valid hex color code'),
  enableFeedback: z.boolean(),
  enableNews: z.boolean(),
  /**
   * Not on the widget form of docs/product.md §5 (the edit dialog adds it, §2); lets an owner
   * switch a widget off without deleting it.
   */
  active: z.boolean().optional(),
  /**
   * Locks the widget to the sites already registered: no new site registers by itself. New
   * widgets start unlocked; an edit that leaves it out keeps the widget as it was.
   */
  lockHosts: z.boolean().optional(),
  /**
   * The settings below may be left out of an edit (it keeps them) and of a new widget (it
   * starts with WIDGET_DISPLAY_DEFAULTS).
   * The owner's words for the dialog's title, the launcher, the placeholder and the thank-you text.
   */
  texts: widgetTextsSchema.optional(),
  /** No launcher: the owner opens the dialog from their own button with `Tellbox.open()`. */
  hideLauncher: z.boolean().optional(),
  /** The launcher's (and the dialog's) distance from its corner, in CSS pixels. */
  offsetX: launcherOffset.optional(),
  offsetY: launcherOffset.optional(),
  /** The public changelog page and its feed, shown while news is on. */
  publicChangelog: z.boolean().optional(),
});

/** The widget form and the body of `POST /api/widget` and `PUT /api/widget/:id`. */
export const widgetInputSchema = widgetFields.refine((value) => value.enableFeedback || value.enableNews, {
  message: 'At least one feature (Feedback or News) must be enabled',
  path: ['enableFeedback'],
});
export type WidgetInput = z.infer<typeof widgetInputSchema>;

/** The tabs a widget shows, in the order the widget shows them. */
export function enabledTabsOf(input: Pick<WidgetInput, 'enableFeedback' | 'enableNews'>) {
  const tabs: WidgetTab[] = [];
  if (input.enableFeedback) tabs.push('feedback');
  if (input.enableNews) tabs.push('news');
  return tabs;
}

/** `GET /api/widget` lists this many of each widget's installations; the rest come in pages. */
export const INSTALLATIONS_PREVIEW_SIZE = 5;
export const DEFAULT_INSTALLATIONS_PAGE_SIZE = 20;
export const MAX_INSTALLATIONS_PAGE_SIZE = 100;

/** `GET /api/widget/:id/installations?limit&cursor`: oldest first, one page at a time. */
export const installationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_INSTALLATIONS_PAGE_SIZE).default(DEFAULT_INSTALLATIONS_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type InstallationListQuery = z.output<typeof installationListQuerySchema>;
