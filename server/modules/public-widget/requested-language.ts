/**
 * The language a config request asks for with `?lang=`, read straight from the request line: this
 * runs for every visitor of every customer site, on the cached path, so it builds no
 * URLSearchParams and copies at most the parameter's value.
 */
import { DEFAULT_WIDGET_LANGUAGE, widgetLanguageOf, type WidgetLanguage } from '../../../src/shared/widget-language';

const PARAMETER = 'lang=';
/** BCP 47 primary subtags have at most 8 letters; a longer run is no language (of ours). */
const MAX_PRIMARY_SUBTAG = 8;

const startsParameter = (code: number) => code === 0x3f /* ? */ || code === 0x26; /* & */
const isLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

/**
 * The language of the first `lang` parameter in `url` (a tag such as `it`, `it-IT` or `IT`), or
 * English when there is none, or it is none of ours or unreadable. Other parameters are ignored.
 */
export function requestedLanguage(url: string): WidgetLanguage {
  const query = url.indexOf('?');
  if (query === -1) return DEFAULT_WIDGET_LANGUAGE;
  let at = url.indexOf(PARAMETER, query + 1);
  // `lang=` inside another parameter (`xlang=`, `a=lang=`) is not ours.
  while (at !== -1 && !startsParameter(url.charCodeAt(at - 1))) at = url.indexOf(PARAMETER, at + 1);
  if (at === -1) return DEFAULT_WIDGET_LANGUAGE;
  const start = at + PARAMETER.length;
  // The primary subtag is the leading letters (`it` of `it-IT`, `it_CH`, `it%2DIT`); only they are copied.
  let end = start;
  while (end < url.length && end - start <= MAX_PRIMARY_SUBTAG && isLetter(url.charCodeAt(end))) end += 1;
  return widgetLanguageOf(url.slice(start, end)) ?? DEFAULT_WIDGET_LANGUAGE;
}
