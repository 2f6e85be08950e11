/**
 * A widget's published posts as an Atom 1.0 feed (RFC 4287). Ids are the rows' own, so an entry
 * keeps its id when PUBLIC_URL, the title or the language changes, and a feed reader never shows
 * a post twice.
 */
import { isSafeLink } from '../../../src/shared/links';
import { WIDGET_STRINGS } from '../../../src/shared/widget-language';
import type { ChangelogView } from './changelog-page';
import { changelogTitleOf } from './changelog-page';
import type { ChangelogPost } from './changelog.repo';
import { escapeMarkup as e, rfc3339 } from './changelog-text';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `urn:uuid:` of a row id (every id Tellbox makes is one), else the given address. */
const idOf = (rowId: string, fallback: string) => (UUID.test(rowId) ? `urn:uuid:${rowId.toLowerCase()}` : fallback);

/** The latest of some stored times, as RFC 3339 (which sorts as text). */
const latest = (times: string[]) => times.map(rfc3339).reduce((a, b) => (b > a ? b : a));

function entry(post: ChangelogPost, view: ChangelogView): string {
  const permalink = view.urls.post(post.id);
  return (
    '<entry>' +
    `<id>${e(idOf(post.id, permalink))}</id>` +
    `<title type="text">${e(post.title)}</title>` +
    `<published>${rfc3339(post.createdAt)}</published>` +
    `<updated>${rfc3339(post.updatedAt)}</updated>` +
    `<link rel="alternate" type="text/html" href="${e(permalink)}"/>` +
    (isSafeLink(post.link) ? `<link rel="related" href="${e(post.link)}"/>` : '') +
    // A link stored before links had to be http(s) stays readable as text, never a feed link.
    `<content type="text">${e(isSafeLink(post.link) || !post.link ? post.content : `${post.content}\n\n${post.link}`)}</content>` +
    '</entry>'
  );
}

/**
 * The feed of `posts` (newest first). Its `updated` is the latest change to any of them or to the
 * widget (a new name retitles the feed).
 */
export function renderChangelogFeed(view: ChangelogView, posts: ChangelogPost[]): string {
  const { widget, urls, choice } = view;
  const title = changelogTitleOf(widget, WIDGET_STRINGS[choice.language]);
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${choice.language}">` +
    `<id>${e(idOf(widget.id, urls.page))}</id>` +
    `<title type="text">${e(title)}</title>` +
    `<updated>${latest([widget.updatedAt, ...posts.map((post) => post.updatedAt)])}</updated>` +
    `<link rel="self" type="application/atom+xml" href="${e(urls.feed)}"/>` +
    `<link rel="alternate" type="text/html" href="${e(urls.page)}"/>` +
    `<author><name>${e(widget.name)}</name></author>` +
    `<generator uri="${e(urls.home)}">Tellbox</generator>` +
    posts.map((post) => entry(post, view)).join('') +
    '</feed>\n'
  );
}
