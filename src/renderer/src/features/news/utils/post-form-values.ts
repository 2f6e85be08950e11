import type { NewsPost } from '../../../../../shared/api';
import { DEFAULT_NEWS_ICON, type NewsPostInput } from '../../../../../shared/schemas/news';

/** The form's values while it is being filled: every field present, the link as text. */
export type PostFormValues = Required<Omit<NewsPostInput, 'link'>> & { link: string };

/**
 * A new post's form (docs/product.md §5): the given widget if any, the default icon, and published (docs/product.md §4:
 * a new post is active, so it starts published; the owner may choose draft).
 */
export function newPostValues(widgetId: string | null): PostFormValues {
  return { widgetId: widgetId ?? '', title: '', content: '', icon: DEFAULT_NEWS_ICON, link: '', status: 'published' };
}

/** An edit starts from the post as it is. */
export function postValues(post: NewsPost): PostFormValues {
  return {
    widgetId: post.widgetId,
    title: post.title,
    content: post.content,
    icon: post.icon,
    link: post.link ?? '',
    status: post.status,
  };
}
