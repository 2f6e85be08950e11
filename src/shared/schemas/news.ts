import { MAX_POST_CONTENT_LENGTH, MAX_POST_TITLE_LENGTH, MAX_URL_LENGTH } from '../limits';
import { isSafeLink } from '../links';
import { NEWS_LINK_MESSAGE } from '../rules/messages';
import { z } from './zod';

export const NEWS_ICONS = ['🚀', '✨', '🔥', '📢', '🎉', '🛠️', '📊', '📝', '🔔', '💡', '⚠️', '🐛'] as const;
export type NewsIcon = (typeof NEWS_ICONS)[number];
export const DEFAULT_NEWS_ICON: NewsIcon = '📢';

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

const SELECT_WIDGET = 'Please select a widget';
const SELECT_ICON = 'Please select an icon';

/** The news post form and the body of `POST /api/post` and `PUT /api/post/:id`. */
export const newsPostInputSchema = z.strictObject({
  widgetId: z.string(SELECT_WIDGET).trim().min(1, SELECT_WIDGET).max(64),
  title: z.string().trim().min(2, 'Title must be at least 2 characters').max(MAX_POST_TITLE_LENGTH),
  content: z.string().trim().min(10, 'Content must be at least 10 characters').max(MAX_POST_CONTENT_LENGTH),
  icon: z.enum(NEWS_ICONS, SELECT_ICON),
  /**
   * Optional; when given, an http(s) URL (docs/product.md §5), the only kind ever made clickable.
   * Posts stored before this rule may hold anything: every reader still checks `isSafeLink`.
   */
  link: z
    .string()
    .trim()
    .max(MAX_URL_LENGTH)
    .refine((link) => link === '' || isSafeLink(link), NEWS_LINK_MESSAGE)
    .nullish()
    .transform((link) => link || null),
  /** Optional on the wire: a new post is published unless it says draft; an edit keeps its status. */
  status: z.enum(POST_STATUSES).optional(),
});
export type NewsPostInput = z.input<typeof newsPostInputSchema>;
export type NewsPostData = z.output<typeof newsPostInputSchema>;

export { isSafeLink };
