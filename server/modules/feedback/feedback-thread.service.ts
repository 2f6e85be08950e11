/**
 * Replies to visitors and private notes. A reply is mailed from "<workspace> via Tellbox" at
 * MAIL_FROM's address, in the colour of the widget the feedback came through, with the owner's address
 * as Reply-To; the visitor's address is used only as that mail's recipient and is never answered
 * back in the thread. Replies are limited per account over any 24 hours: a row is reserved (and
 * counted) before its mail leaves, so two replies sent at once can't both take the last place,
 * and a mail that failed gives its place back.
 */
import type { FeedbackDetails, FeedbackNote, FeedbackReply } from '../../../src/shared/api';
import { BRAND_COLOR } from '../../../src/shared/design-tokens';
import { REPLIES_PER_DAY } from '../../../src/shared/limits';
import { THREAD_MESSAGES } from '../../../src/shared/schemas/feedback-thread';
import { lockWorkspace } from '../../db/locks';
import type { Transactor } from '../../db/transaction';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import { badGateway, conflict, notFound, tooManyRequests } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { addMs, DAY_MS, type Clock } from '../../lib/time';
import type { Mailer } from '../../mail/mailer';
import { maskEmail } from '../../mail/templates/mask-email';
import { replyMail } from '../../mail/templates/reply-mail';
import type { FeedbackThreadRepo } from './feedback-thread.repo';
import { FEEDBACK_NOT_FOUND, type FeedbackService } from './feedback.service';

interface ThreadDeps {
  thread: FeedbackThreadRepo;
  feedback: Pick<FeedbackService, 'findVisible'>;
  transact: Transactor;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

export function createFeedbackThreadService({ thread, feedback, transact, mailer, clock, logger }: ThreadDeps) {
  async function visibleEntry(workspace: WorkspaceAccess, feedbackId: string) {
    const item = await feedback.findVisible(workspace, feedbackId);
    if (!item) throw notFound(FEEDBACK_NOT_FOUND);
    return item;
  }

  return {
    async details(workspace: WorkspaceAccess, feedbackId: string): Promise<FeedbackDetails> {
      const item = await visibleEntry(workspace, feedbackId);
      const [replies, notes] = await Promise.all([thread.replies(item._id), thread.notes(item._id)]);
      return { feedback: item, replies, notes };
    },

    async reply(workspace: WorkspaceAccess, feedbackId: string, message: string): Promise<FeedbackReply> {
      const item = await visibleEntry(workspace, feedbackId);
      const to = item.authorEmail;
      if (!to) throw conflict(THREAD_MESSAGES.noAddress);
      const now = clock.now();
      const reply = {
        id: newId(),
        feedbackId: item._id,
        workspaceId: workspace.id,
        authorId: workspace.account.id,
        message,
        createdAt: now.toISOString(),
      };
      await transact(async (trx) => {
        await lockWorkspace(trx, workspace.id);
        const windowStart = addMs(now, -DAY_MS).toISOString();
        const sent = await thread.countRepliesSince(trx, workspace.id, windowStart);
        if (sent >= REPLIES_PER_DAY) {
          const oldest = await thread.oldestReplySince(trx, workspace.id, windowStart);
          const freedAt = oldest ? Date.parse(oldest) + DAY_MS : now.getTime() + DAY_MS;
          throw tooManyRequests(THREAD_MESSAGES.tooManyReplies, (freedAt - now.getTime()) / 1000);
        }
        await thread.insertReply(trx, reply);
      });
      // Workspaces have no colour of their own: the widget the feedback came through lends its own.
      const color = (await thread.widgetColor(workspace.id, item.widgetId)) ?? BRAND_COLOR;
      try {
        await mailer.send({
          to,
          onBehalfOf: workspace.name,
          replyTo: workspace.account.email,
          ...replyMail({
            reply: message,
            ownerName: workspace.account.name,
            workspace: { name: workspace.name, color },
            original: { message: item.message, pageUrl: item.pageUrl, createdAt: item.createdAt },
          }),
        });
      } catch (error) {
        await thread.forgetReply(reply.id);
        logger.error({ err: error, to: maskEmail(to), feedbackId: item._id }, 'reply could not be sent');
        throw badGateway(THREAD_MESSAGES.notSent);
      }
      await thread.markReplySent(reply.id, clock.now().toISOString());
      return { _id: reply.id, message, createdAt: reply.createdAt };
    },

    async addNote(workspace: WorkspaceAccess, feedbackId: string, text: string): Promise<FeedbackNote> {
      const item = await visibleEntry(workspace, feedbackId);
      const note = {
        id: newId(),
        feedbackId: item._id,
        workspaceId: workspace.id,
        authorId: workspace.account.id,
        text,
        createdAt: clock.now().toISOString(),
      };
      await thread.insertNote(note);
      return { _id: note.id, text, createdAt: note.createdAt };
    },
  };
}

export type FeedbackThreadService = ReturnType<typeof createFeedbackThreadService>;
