/**
 * The owner's rewording (`widgets.texts`) as stored: JSON holding only what the owner actually
 * wrote, or null when that is nothing.
 */
import { widgetTextsSchema } from '../../../src/shared/schemas';
import type { OwnerTexts, WidgetTexts } from '../../../src/shared/widget-language';

/** The column's value: blank texts and languages left with none are dropped; nothing left is null. */
export function textsColumn(texts: WidgetTexts): string | null {
  const kept: WidgetTexts = {};
  for (const [language, own] of Object.entries(texts) as [keyof WidgetTexts, OwnerTexts | undefined][]) {
    const written = Object.entries(own ?? {})
      .map(([field, value]) => [field, value?.trim()] as const)
      .filter(([, value]) => value);
    if (written.length > 0) kept[language] = Object.fromEntries(written);
  }
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
}

/**
 * The rewording a row holds. A value that is not what the form writes (edited by hand, say) reads
 * as none, so one bad row cannot break the owner's list or the widget.
 */
export function readTexts(column: string | null): WidgetTexts {
  if (!column) return {};
  try {
    const parsed = widgetTextsSchema.safeParse(JSON.parse(column));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
