/** An entry's replies and private notes. */
import type { Kysely } from 'kysely';
import type { FeedbackNote, FeedbackReply } from '../../../src/shared/api';
import { toCount } from '../../db/locks';
import type { Database } from '../../db/schema';
import type { Tx } from '../../db/transaction';

type Db = Kysely<Database> | Tx;

export function createFeedbackThreadRepo(db: Kysely<Database>) {
  return {
    /** Replies that were sent, oldest first. */
    async replies(feedbackId: string): Promise<FeedbackReply[]> {
      const rows = await db
        .selectFrom('feedback_replies')
        .select(['id', 'message', 'created_at'])
        .where('feedback_id', '=', feedbackId)
        .where('sent_at', 'is not', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ _id: row.id, message: row.message, createdAt: row.created_at }));
    },

    async notes(feedbackId: string): Promise<FeedbackNote[]> {
      const rows = await db
        .selectFrom('feedback_notes')
        .select(['id', 'text', 'created_at'])
        .where('feedback_id', '=', feedbackId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ _id: row.id, text: row.text, createdAt: row.created_at }));
    },

    /** Replies the account sent or is sending since `since`: what the daily limit counts. */
    async countRepliesSince(trx: Db, workspaceId: string, since: string): Promise<number> {
      const row = await trx
        .selectFrom('feedback_replies')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('workspace_id', '=', workspaceId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return toCount(row?.count);
    },

    /** When the oldest of the owner's replies sent after `since` was sent; undefined when none was. */
    async oldestReplySince(trx: Db, workspaceId: string, since: string): Promise<string | undefined> {
      const row = await trx
        .selectFrom('feedback_replies')
        .select((eb) => eb.fn.min<string>('created_at').as('oldest'))
        .where('workspace_id', '=', workspaceId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return row?.oldest ?? undefined;
    },

    async insertReply(
      trx: Db,
      reply: {
        id: string;
        feedbackId: string;
        workspaceId: string;
        authorId: string;
        message: string;
        createdAt: string;
      },
    ) {
      await trx
        .insertInto('feedback_replies')
        .values({
          id: reply.id,
          feedback_id: reply.feedbackId,
          workspace_id: reply.workspaceId,
          author_id: reply.authorId,
          message: reply.message,
          created_at: reply.createdAt,
          sent_at: null,
        })
        .execute();
    },

    /** The primary colour of the workspace's widget `widgetId` (a reply mail's colour); null once it is deleted. */
    async widgetColor(workspaceId: string, widgetId: string): Promise<string | null> {
      const row = await db
        .selectFrom('widgets')
        .select('color')
        .where('id', '=', widgetId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return row?.color ?? null;
    },

    async markReplySent(id: string, sentAt: string) {
      await db.updateTable('feedback_replies').set({ sent_at: sentAt }).where('id', '=', id).execute();
    },

    /** A reply whose mail failed is forgotten: it neither shows nor counts. */
    async forgetReply(id: string) {
      await db.deleteFrom('feedback_replies').where('id', '=', id).where('sent_at', 'is', null).execute();
    },

    async insertNote(note: {
      id: string;
      feedbackId: string;
      workspaceId: string;
      authorId: string;
      text: string;
      createdAt: string;
    }) {
      await db
        .insertInto('feedback_notes')
        .values({
          id: note.id,
          feedback_id: note.feedbackId,
          workspace_id: note.workspaceId,
          author_id: note.authorId,
          text: note.text,
          created_at: note.createdAt,
        })
        .execute();
    },
  };
}

export type FeedbackThreadRepo = ReturnType<typeof createFeedbackThreadRepo>;
