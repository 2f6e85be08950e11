/**
 * The config answer in each of the widget's languages: the same widget and posts, with the words
 * (`strings`) of the language asked for and a changelog link that opens in it.
 */
import type { PublicPost, PublicWidgetConfig } from '../../../src/shared/api';
import type { WidgetPosition, WidgetTab } from '../../../src/shared/schemas';
import {
  DEFAULT_WIDGET_LANGUAGE,
  changelogUrl,
  widgetStringsFor,
  type WidgetLanguage,
} from '../../../src/shared/widget-language';
import { readTexts } from '../widgets/widgets.service';
import { createLocalisedAnswers, type LocalisedAnswers } from './config-answer';

/** The widget's columns the config shows. */
export interface ConfigRow {
  site_key: string;
  position: string;
  color: string;
  texts: string | null;
  hide_launcher: number;
  offset_x: number;
  offset_y: number;
  public_changelog: number;
}

/** The changelog page in `language`: the page reads `?lang=` before the browser's languages. */
const changelogIn = (url: string, language: WidgetLanguage) =>
  language === DEFAULT_WIDGET_LANGUAGE ? url : `${url}?lang=${language}`;

/** The answers, each serialised on its language's first request. */
export function localisedConfigOf(
  row: ConfigRow,
  enabledTabs: WidgetTab[],
  posts: PublicPost[],
  publicUrl: string,
): LocalisedAnswers {
  const texts = readTexts(row.texts);
  const changelog =
    enabledTabs.includes('news') && row.public_changelog === 1 ? changelogUrl(publicUrl, row.site_key) : null;
  return createLocalisedAnswers((lang) => {
    const config: PublicWidgetConfig = {
      widget: {
        key: row.site_key,
        position: row.position as WidgetPosition,
        color: row.color,
        enabledTabs,
        hideLauncher: row.hide_launcher === 1,
        offsetX: row.offset_x,
        offsetY: row.offset_y,
        changelogUrl: changelog && changelogIn(changelog, lang),
      },
      lang,
      strings: widgetStringsFor(lang, texts, enabledTabs[0] ?? 'feedback'),
      posts,
    };
    return JSON.stringify(config);
  });
}
