/**
 * The changelog's addresses, all absolute under PUBLIC_URL (links never use the request's Host).
 * Each language is its own address (`?lang=xx`); the bare one speaks the visitor's language
 * (Accept-Language). A language asked for with `?lang=` is kept on the links to the posts, and the
 * canonical link names it, so a search engine indexes each language once.
 */
import {
  WIDGET_LANGUAGES,
  changelogUrl,
  widgetLanguageOf,
  languageOfAcceptLanguage,
  type WidgetLanguage,
} from '../../../src/shared/widget-language';

/** The page's language, and whether `?lang=` chose it (then links carry it on). */
export interface LanguageChoice {
  language: WidgetLanguage;
  asked?: WidgetLanguage;
}

/** `?lang=` first, then Accept-Language, else English. */
export function chooseLanguage(query: unknown, acceptLanguage: string | undefined): LanguageChoice {
  const asked = widgetLanguageOf((query as Record<string, unknown> | undefined)?.lang);
  return asked ? { language: asked, asked } : { language: languageOfAcceptLanguage(acceptLanguage) };
}

export interface ChangelogUrls {
  /** The list of posts, in the asked language when there is one. */
  page: string;
  /** One post's permalink, likewise. */
  post(postId: string): string;
  /** The feed in the page's language (a feed reader sends no Accept-Language of its own). */
  feed: string;
  /** The same page in every language, and `x-default` for the bare address. */
  alternates(postId?: string): { hreflang: string; href: string }[];
  /** Tellbox itself, for the footer. */
  home: string;
}

/** Tellbox's own front page. */
export const homeOf = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/`;

export function changelogUrls(publicUrl: string, siteKey: string, choice: LanguageChoice): ChangelogUrls {
  const base = changelogUrl(publicUrl, siteKey);
  const asked = choice.asked ? `?lang=${choice.asked}` : '';
  const inPageLanguage = choice.asked || choice.language !== 'en' ? `?lang=${choice.language}` : '';
  const postPath = (postId?: string) => (postId === undefined ? base : `${base}/${encodeURIComponent(postId)}`);
  return {
    page: base + asked,
    post: (postId) => postPath(postId) + asked,
    feed: `${base}/feed.xml${inPageLanguage}`,
    alternates: (postId) => [
      ...WIDGET_LANGUAGES.map((language) => ({ hreflang: language, href: `${postPath(postId)}?lang=${language}` })),
      { hreflang: 'x-default', href: postPath(postId) },
    ],
    home: homeOf(publicUrl),
  };
}
