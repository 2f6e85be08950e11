/**
 * The Updates tab: published posts, newest first, with icon, title, date (long month, in the
 * visitor's language), content and the optional link, then "All updates" to the public changelog
 * when it is on. Only http(s) links become links (new tab, no opener, no referrer); any other link
 * is shown as plain text (docs/product.md, "Every screen"). Titles and contents take the direction
 * of their own text, so a right-to-left post reads right to left.
 */
import type { PublicPost } from '../../../src/shared/api';
import { isSafeLink } from '../../../src/shared/links';
import type { WidgetStrings } from '../../../src/shared/widget-language';
import { h } from '../dom';

/** `November 21, 2026` in English, `21 novembre 2026` in Italian. */
const formatDate = (iso: string, lang: string) =>
  new Date(iso).toLocaleDateString(lang, { year: 'numeric', month: 'long', day: 'numeric' });

/** The list of published posts, or "No updates yet.", and the changelog's link. */
export function createNewsList(
  posts: PublicPost[],
  strings: WidgetStrings,
  lang: string,
  changelog: string | null,
): HTMLElement {
  const list = posts.length
    ? h(
        'ul',
        null,
        ...posts.map((post) =>
          h(
            'li',
            null,
            h('span', { class: 'icon', 'aria-hidden': 'true' }, post.icon),
            h(
              'div',
              null,
              h('h3', { dir: 'auto' }, post.title),
              h('time', { datetime: post.createdAt }, formatDate(post.createdAt, lang)),
              h('p', { dir: 'auto' }, post.content),
              post.link &&
                (isSafeLink(post.link)
                  ? h('a', { href: post.link, target: '_blank', rel: 'noopener noreferrer' }, strings.learnMore)
                  : h('span', { class: 'link' }, post.link)),
            ),
          ),
        ),
      )
    : h('p', { class: 'empty' }, strings.noUpdates);
  return h(
    'div',
    null,
    list,
    changelog &&
      isSafeLink(changelog) &&
      h('a', { class: 'all', href: changelog, target: '_blank', rel: 'noopener' }, strings.allUpdates),
  );
}
