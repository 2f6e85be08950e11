import type { Kysely, Transaction } from 'kysely';
import type { NewsPost, PublicPost } from '../../../src/shared/api';
import type { NewsIcon, PostStatus } from '../../../src/shared/schemas';
import { toCount } from '../../db/locks';
import type { Database, PostRow } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export function toNewsPost(row: PostRow): NewsPost {
  return {
    _id: row.id,
    widgetId: row.widget_id,
    title: row.title,
    content: row.content,
    icon: row.icon as NewsIcon,
    link: row.link,
    active: row.status === 'published',
    status: row.status as PostStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toPublicPost(row: Pick<PostRow, 'title' | 'content' | 'icon' | 'link' | 'created_at'>): PublicPost {
  return {
    title: row.title,
    content: row.content,
    icon: row.icon as NewsIcon,
    link: row.link,
    createdAt: row.created_at,
  };
}

/** Queries over `posts`. */
export function createNewsRepo(db: Kysely<Database>) {
  return {
    list(workspaceId: string, options: { widgetId?: string; limit?: number } = {}): Promise<PostRow[]> {
      return db
        .selectFrom('posts')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .$if(options.widgetId !== undefined, (query) => query.where('widget_id', '=', options.widgetId as string))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .$if(options.limit !== undefined, (query) => query.limit(options.limit as number))
        .execute();
    },

    findOwned(workspaceId: string, id: string): Promise<PostRow | undefined> {
      return db
        .selectFrom('posts')
        .selectAll()
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
    },

    /** Posts of an owner, all of them or those created since `since`. */
    async count(workspaceId: string, since: string | undefined, trx: Db = db): Promise<number> {
      const row = await trx
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('workspace_id', '=', workspaceId)
        .$if(since !== undefined, (query) => query.where('created_at', '>=', since as string))
        .executeTakeFirst();
      return toCount(row?.count as number | undefined);
    },

    async insert(row: PostRow, trx: Db = db) {
      await trx.insertInto('posts').values(row).execute();
    },

    async update(
      workspaceId: string,
      id: string,
      changes: Pick<PostRow, 'widget_id' | 'title' | 'content' | 'icon' | 'link' | 'status' | 'updated_at'>,
      trx: Db = db,
    ) {
      await trx
        .updateTable('posts')
        .set(changes)
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .execute();
    },

    async delete(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('posts')
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** A widget's published posts, newest first, for the public widget API. */
    published(widgetId: string, limit: number) {
      return db
        .selectFrom('posts')
        .select(['title', 'content', 'icon', 'link', 'created_at'])
        .where('widget_id', '=', widgetId)
        .where('status', '=', 'published')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type NewsRepo = ReturnType<typeof createNewsRepo>;
