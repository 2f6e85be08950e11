import { MAX_WIDGET_NAME_LENGTH } from '../limits';
import { z } from './zod';

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left'] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];

export const WIDGET_TABS = ['feedback', 'news'] as const;
export type WidgetTab = (typeof WIDGET_TABS)[number];

export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** The widget form's starting values (docs/product.md §5). */
export const WIDGET_FORM_DEFAULTS = {
  name: '',
  position: 'bottom-right',
  primaryColor: '#3B82F6',
  enableFeedback: true,
  enableNews: true,
} as const satisfies Record<string, unknown>;

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
