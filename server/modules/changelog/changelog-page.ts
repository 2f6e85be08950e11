/**
 * The changelog's pages: every published post of a widget, one post on its permalink, and the
 * 404 page (in Tellbox's colour, the same for a missing widget and a hidden changelog).
 */
import { isSafeLink } from '../../../src/shared/links';
import { BRAND_COLOR } from '../../../src/shared/design-tokens';
import { WIDGET_STRINGS, type WidgetStrings } from '../../../src/shared/widget-language';
import { FEED_ICON, renderDocument, type RenderedPage } from './changelog-document';
import type { ChangelogPost, ChangelogWidget } from './changelog.repo';
import { escapeMarkup as e, formatDate, shorten } from './changelog-text';
import type { ChangelogUrls, LanguageChoice } from './changelog-urls';
import { ownerColorOf } from './changelog-colors';

/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 155;

export interface ChangelogView {
  widget: ChangelogWidget;
  choice: LanguageChoice;
  urls: ChangelogUrls;
}

/** "Acme · Updates": the document's and the feed's title. */
export const changelogTitleOf = (widget: ChangelogWidget, strings: WidgetStrings) =>
  `${widget.name} · ${strings.changelogTitle}`;

/** A link whose visible words ("Learn more") are completed for screen readers by the post's title. */
const linkFor = (href: string, words: string, title: string) =>
  `<a href="${e(href)}">${e(words)}<span class="vh">: ${e(title)}</span></a>`;

function article(post: ChangelogPost, view: ChangelogView, single: boolean): string {
  const strings = WIDGET_STRINGS[view.choice.language];
  const heading = single ? 'h1' : 'h2';
  const titleId = `post-${e(post.id)}`;
  const links = [
    // A link stored before links had to be http(s) is shown as the words it is, never as a link.
    isSafeLink(post.link)
      ? linkFor(post.link, strings.learnMore, post.title)
      : post.link
        ? `<span class="text-link" dir="auto">${e(post.link)}</span>`
        : '',
    single ? '' : linkFor(view.urls.post(post.id), strings.permalink, post.title),
  ].filter(Boolean);
  return (
    `<article class="post" aria-labelledby="${titleId}"><div class="head">` +
    // The title's own direction sets its date's too (an Arabic title: both to the right).
    `<span class="icon" aria-hidden="true">${e(post.icon)}</span><div dir="auto">` +
    `<${heading} class="title" id="${titleId}">${e(post.title)}</${heading}>` +
    `<time datetime="${e(post.createdAt)}">${e(formatDate(post.createdAt, view.choice.language))}</time>` +
    `</div></div><p class="content" dir="auto">${e(post.content)}</p>` +
    (links.length ? `<p class="links">${links.join('')}</p>` : '') +
    '</article>'
  );
}

function band(view: ChangelogView, strings: WidgetStrings, nameAsHeading: boolean): string {
  const name = nameAsHeading
    ? `<h1 class="heading"><span class="name" dir="auto">${e(view.widget.name)}</span> <span class="kind">${e(strings.changelogTitle)}</span></h1>`
    : `<div><span class="kind">${e(strings.changelogTitle)}</span>` +
      `<p class="name" dir="auto"><a href="${e(view.urls.page)}">${e(view.widget.name)}</a></p></div>`;
  return `${name}<a class="feed" href="${e(view.urls.feed)}" type="application/atom+xml">${FEED_ICON}${e(strings.feed)}</a>`;
}

function frame(view: ChangelogView, parts: { title: string; description: string; postId?: string }) {
  const strings = WIDGET_STRINGS[view.choice.language];
  return {
    language: view.choice.language,
    strings,
    title: parts.title,
    description: shorten(parts.description, DESCRIPTION_LENGTH),
    color: ownerColorOf(view.widget.color),
    canonical: parts.postId === undefined ? view.urls.page : view.urls.post(parts.postId),
    alternates: view.urls.alternates(parts.postId),
    feed: { href: view.urls.feed, title: changelogTitleOf(view.widget, strings) },
    home: view.urls.home,
  };
}

/** Every published post, newest first. */
export function renderChangelogPage(view: ChangelogView, posts: ChangelogPost[]): RenderedPage {
  const strings = WIDGET_STRINGS[view.choice.language];
  const title = changelogTitleOf(view.widget, strings);
  const description = posts.length
    ? `${title}: ${posts.map((post) => post.title).join(' · ')}`
    : `${title}. ${strings.noUpdates}`;
  const main = posts.length
    ? posts.map((post) => article(post, view, false)).join('')
    : `<p class="empty">${e(strings.noUpdates)}</p>`;
  return renderDocument({ ...frame(view, { title, description }), band: band(view, strings, true), main });
}

/** One published post on its permalink. */
export function renderPostPage(view: ChangelogView, post: ChangelogPost): RenderedPage {
  const strings = WIDGET_STRINGS[view.choice.language];
  const back = `<a class="back" href="${e(view.urls.page)}"><span aria-hidden="true">← </span>${e(strings.allUpdates)}</a>`;
  return renderDocument({
    ...frame(view, {
      title: `${post.title} · ${changelogTitleOf(view.widget, strings)}`,
      description: post.content,
      postId: post.id,
    }),
    band: band(view, strings, false),
    main: back + article(post, view, true),
  });
}

/** The 404 page: Tellbox's colour and words only, so it tells nothing about the address. */
export function renderNotFoundPage(choice: LanguageChoice, home: string): RenderedPage {
  const strings = WIDGET_STRINGS[choice.language];
  return renderDocument({
    language: choice.language,
    strings,
    title: strings.notFoundTitle,
    description: strings.notFoundText,
    color: BRAND_COLOR,
    band: `<div><span class="kind">${e(strings.changelogTitle)}</span><h1 class="name">${e(strings.notFoundTitle)}</h1></div>`,
    main: `<p class="empty">${e(strings.notFoundText)}</p>`,
    home,
  });
}
