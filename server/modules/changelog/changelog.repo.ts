import type { Kysely } from 'kysely';
import type { Database, PostRow } from '../../db/schema';

/** A widget as its public changelog needs it. */
export interface ChangelogWidget {
  id: string;
  siteKey: string;
  name: string;
  color: string;
  updatedAt: string;
}

/** A published post as the changelog page and feed show it. */
export interface ChangelogPost {
  id: string;
  title: string;
  content: string;
  icon: string;
  link: string | null;
  createdAt: string;
  updatedAt: string;
}

const POST_COLUMNS = ['id', 'title', 'content', 'icon', 'link', 'created_at', 'updated_at'] as const;

type PostColumns = Pick<PostRow, (typeof POST_COLUMNS)[number]>;

const toPost = (row: PostColumns): ChangelogPost => ({
  id: row.id,
  title: row.title,
  content: row.content,
  icon: row.icon,
  link: row.link,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * The changelog's reads of `widgets` and `posts` (read-only; the widgets and news modules own the
 * writes). One query for the widget and one for its posts per request: nothing is cached, as the
 * answers carry `max-age=60` and an ETag instead.
 */
export function createChangelogRepo(db: Kysely<Database>) {
  return {
    /** The widget behind `siteKey` when its changelog is public: active, news on, changelog on. */
    async findPublic(siteKey: string): Promise<ChangelogWidget | undefined> {
      const row = await db
        .selectFrom('widgets')
        .select(['id', 'site_key', 'name', 'color', 'updated_at'])
        .where('site_key', '=', siteKey)
        .where('active', '=', 1)
        .where('enable_news', '=', 1)
        .where('public_changelog', '=', 1)
        .executeTakeFirst();
      return row && { id: row.id, siteKey: row.site_key, name: row.name, color: row.color, updatedAt: row.updated_at };
    },

    /** The widget's newest `limit` published posts, newest first (the widget's own order). */
    async published(widgetId: string, limit: number): Promise<ChangelogPost[]> {
      const rows = await db
        .selectFrom('posts')
        .select(POST_COLUMNS)
        .where('widget_id', '=', widgetId)
        .where('status', '=', 'published')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toPost);
    },

    /** One published post of the widget; undefined for a draft, another widget's post or none. */
    async publishedPost(widgetId: string, postId: string): Promise<ChangelogPost | undefined> {
      const row = await db
        .selectFrom('posts')
        .select(POST_COLUMNS)
        .where('id', '=', postId)
        .where('widget_id', '=', widgetId)
        .where('status', '=', 'published')
        .executeTakeFirst();
      return row && toPost(row);
    },
  };
}

export type ChangelogRepo = ReturnType<typeof createChangelogRepo>;
