/** What the news routes answer: the owner's posts, drafts included. */
import { NEWS_ICONS, POST_STATUSES } from '../news';
import { z } from '../zod';
import { idSchema, isoTimeSchema } from './common';

export const newsPostSchema = z
  .strictObject({
    _id: idSchema,
    widgetId: idSchema,
    title: z.string(),
    content: z.string(),
    icon: z.enum(NEWS_ICONS),
    link: z.string().nullable(),
    active: z.boolean(),
    status: z.enum(POST_STATUSES),
    createdAt: isoTimeSchema,
    updatedAt: isoTimeSchema,
  })
  .meta({ id: 'NewsPost' });

/** `POST /api/post` and `PUT /api/post/:id`. */
export const postResponseSchema = z.strictObject({ post: newsPostSchema });

export const postListResponseSchema = z.strictObject({ success: z.literal(true), posts: z.array(newsPostSchema) });
