import { MAX_WIDGET_NAME_LENGTH } from '../limits';
import { z } from './zod';

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left'] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];

export const WIDGET_TABS = ['feedback', 'news'] as const;
export type WidgetTab = (typeof WIDGET_TABS)[number];

export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** The widget form's starting values (spec §5). */
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
  /** Not on the spec's form; lets an owner switch a widget off without deleting it. */
  active: z.boolean().optional(),
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
