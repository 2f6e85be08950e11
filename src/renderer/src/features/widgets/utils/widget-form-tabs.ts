import type { FieldErrors } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';
import { WIDGET_LANGUAGES, type WidgetLanguage, type WidgetTexts } from '../../../../../shared/widget-language';

/** The widget form's tabs, in their order. */
export const WIDGET_FORM_TABS = ['general', 'words', 'launcher'] as const;
export type WidgetFormTab = (typeof WIDGET_FORM_TABS)[number];

/** Where each field sits (a new field must be given a tab, or this stops compiling). */
const TAB_OF: Record<keyof WidgetInput, WidgetFormTab> = {
  name: 'general',
  position: 'general',
  primaryColor: 'general',
  enableFeedback: 'general',
  enableNews: 'general',
  publicChangelog: 'general',
  active: 'general',
  lockHosts: 'general',
  texts: 'words',
  hideLauncher: 'launcher',
  offsetX: 'launcher',
  offsetY: 'launcher',
};

/** The tabs holding a field with a message, in the tabs' order. */
export function tabsWithErrors(errors: FieldErrors<WidgetInput>): WidgetFormTab[] {
  const tabs = new Set((Object.keys(errors) as (keyof WidgetInput)[]).map((field) => TAB_OF[field]));
  return WIDGET_FORM_TABS.filter((tab) => tabs.has(tab));
}

/** The languages whose texts have a message, in the picker's order. */
export function languagesWithErrors(errors: FieldErrors<WidgetInput>): WidgetLanguage[] {
  const texts = errors.texts as Partial<Record<WidgetLanguage, unknown>> | undefined;
  return WIDGET_LANGUAGES.filter((language) => texts?.[language]);
}

/** The language the words tab opens on: the first one the owner reworded, else English. */
export function firstReworded(texts: WidgetTexts | undefined): WidgetLanguage {
  return WIDGET_LANGUAGES.find((language) => Object.values(texts?.[language] ?? {}).some((v) => v?.trim())) ?? 'en';
}
