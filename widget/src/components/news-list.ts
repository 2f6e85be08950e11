/**
 * The Updates tab: published posts, newest first, with icon, title, date (en-US long month),
 * content and the optional link. Only http(s) links become links (new tab, no opener, no
 * referrer); any other link is shown as plain text (docs/product.md, "Every screen").
 */
import type { PublicPost } from '../../../src/shared/api';
import { isSafeLink } from '../../../src/shared/links';
import { LABELS } from '../constants';
import { h } from '../dom';

/** `November 21, 2026`. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function link(post: PublicPost) {
  if (!post.link) return null;
  return isSafeLink(post.link)
    ? h('a', { href: post.link, target: '_blank', rel: 'noopener noreferrer' }, LABELS.learnMore)
    : h('span', { class: 'link' }, post.link);
}

/** The list of published posts, or "No updates yet." */
export function createNewsList(posts: PublicPost[]): HTMLElement {
  if (!posts.length) return h('p', { class: 'empty' }, LABELS.noUpdates);
  return h(
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
          h('h3', null, post.title),
          h('time', { datetime: post.createdAt }, formatDate(post.createdAt)),
          h('p', null, post.content),
          link(post),
        ),
      ),
    ),
  );
}
