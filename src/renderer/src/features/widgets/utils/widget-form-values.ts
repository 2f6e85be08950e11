import type { Widget } from '../../../../../shared/api';
import { WIDGET_DISPLAY_DEFAULTS, WIDGET_FORM_DEFAULTS, type WidgetInput } from '../../../../../shared/schemas';
import { OWNER_TEXT_FIELDS, type OwnerTexts, type WidgetTexts } from '../../../../../shared/widget-language';

/**
 * The widget form's values for a new widget: the product defaults, the launcher's and the
 * changelog's defaults, active and unlocked.
 */
export function newWidgetFormValues(): WidgetInput {
  return { ...WIDGET_FORM_DEFAULTS, ...WIDGET_DISPLAY_DEFAULTS, texts: {}, active: true, lockHosts: false };
}

/**
 * The server's widget (branding.position, branding.color, enabledTabs) as the form's fields
 * (position, primaryColor, enableFeedback, enableNews): the one place the two shapes meet in
 * the console (docs/product.md §3 leaves the mapping open). The reverse is the server's (`enabledTabsOf`).
 */
export function toWidgetFormValues(widget: Widget): WidgetInput {
  return {
    name: widget.name,
    position: widget.branding.position,
    primaryColor: widget.branding.color,
    enableFeedback: widget.enabledTabs.includes('feedback'),
    enableNews: widget.enabledTabs.includes('news'),
    active: widget.active,
    lockHosts: widget.lockHosts,
    texts: widget.texts,
    hideLauncher: widget.hideLauncher,
    offsetX: widget.offsetX,
    offsetY: widget.offsetY,
    publicChangelog: widget.publicChangelog,
  };
}

/**
 * The owner's words as they are worth storing: blank texts, and languages left with none, dropped
 * (blank already means the language's own words). The form keeps every language the owner typed
 * in, cleared fields included, until it is sent.
 */
export function withoutBlankTexts(texts: WidgetTexts | undefined): WidgetTexts {
  const kept: WidgetTexts = {};
  for (const [language, own] of Object.entries(texts ?? {}) as [keyof WidgetTexts, OwnerTexts | undefined][]) {
    const words: OwnerTexts = {};
    for (const field of OWNER_TEXT_FIELDS) {
      const value = own?.[field]?.trim();
      if (value) words[field] = value;
    }
    if (Object.keys(words).length > 0) kept[language] = words;
  }
  return kept;
}

/** The form's values as the API takes them (`POST`/`PUT /api/widget`). */
export function toWidgetInput(values: WidgetInput): WidgetInput {
  return { ...values, texts: withoutBlankTexts(values.texts) };
}
