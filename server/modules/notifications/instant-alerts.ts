/**
 * Instant alerts: at most one mail per widget per window, holding everything that arrived in it.
 * The first feedback after a quiet spell is mailed at the next run; what follows within the window
 * waits for the window's end and leaves together.
 */
import type { Kysely } from 'kysely';
import { INSTANT_ALERT_WINDOW_MINUTES } from '../../../src/shared/schemas/notifications';
import type { Database } from '../../db/schema';
import type { Transactor } from '../../db/transaction';
import type { Logger } from '../../lib/logger';
import { addMs, type Clock } from '../../lib/time';
import type { Mailer } from '../../mail/mailer';
import { instantAlertMail } from '../../mail/templates/alert-mails';
import { readAlertBatch, type AlertBatch, type AlertFeedbackDeps } from './alert-feedback';
import { alertLinks, unsubscribeHeaders } from './alert-links';
import { covers, readAlertRecipients, type AlertRecipient } from './alert-recipient';
import { createAlertWindowsRepo, type ClaimedWindow } from './alert-windows.repo';
import type { Signer } from './unsubscribe-token';

const WINDOW_MS = INSTANT_ALERT_WINDOW_MINUTES * 60_000;
/** Long enough for any SMTP hand-over; a window whose instance died is taken again after it. */
const LEASE_MS = 2 * 60_000;
const RETRY_MS = 60_000;
/** Windows handled per run; the rest wait for the next run. */
const PER_RUN = 50;

export interface InstantAlertsDeps extends AlertFeedbackDeps {
  db: Kysely<Database>;
  transact: Transactor;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  signer: Signer;
}

type Decision =
  | { kind: 'taken' }
  | { kind: 'early'; window: ClaimedWindow; dueAt: string }
  | { kind: 'skip'; window: ClaimedWindow }
  | { kind: 'send'; window: ClaimedWindow; recipients: AlertRecipient[]; widgetName: string; batch: AlertBatch };

export function createInstantAlerts(deps: InstantAlertsDeps) {
  const { db, transact, clock, mailer, logger, publicUrl, signer } = deps;
  const windows = createAlertWindowsRepo(db);

  /**
   * Claims the window and reads its feedback in one transaction: a batch committing meanwhile
   * waits on the window's row, so what it stores is either read here or marks the window due.
   */
  const decide = (widgetId: string, now: Date): Promise<Decision> =>
    transact(async (trx) => {
      const window = await windows.claim(trx, widgetId, now.toISOString(), addMs(now, LEASE_MS).toISOString());
      if (!window) return { kind: 'taken' };
      if (window.lastSentAt && Date.parse(window.lastSentAt) + WINDOW_MS > now.getTime()) {
        return { kind: 'early', window, dueAt: new Date(Date.parse(window.lastSentAt) + WINDOW_MS).toISOString() };
      }
      const recipients = (await readAlertRecipients(trx, window.workspaceId)).filter((recipient) =>
        covers(recipient.settings, 'instant', widgetId),
      );
      if (recipients.length === 0) return { kind: 'skip', window };
      const widget = await trx.selectFrom('widgets').select('name').where('id', '=', widgetId).executeTakeFirst();
      if (!widget) return { kind: 'skip', window };
      const batch = await readAlertBatch(
        trx,
        deps,
        { workspaceId: window.workspaceId, widgetIds: [widgetId], after: window.sentUntil },
        now,
      );
      return { kind: 'send', window, recipients, widgetName: widget.name, batch };
    });

  async function handle(widgetId: string) {
    const now = clock.now();
    const decision = await decide(widgetId, now);
    const nowIso = now.toISOString();
    if (decision.kind === 'taken') return;
    if (decision.kind === 'early') return windows.release(decision.window, decision.dueAt, nowIso);
    // Not wanted now: what arrived so far is not kept for a later alert.
    if (decision.kind === 'skip') return windows.release(decision.window, null, nowIso, nowIso);
    const { window, recipients, widgetName, batch } = decision;
    if (batch.newest === null) return windows.release(window, null, nowIso);
    const listed = batch.listed.map((feedback) => ({ ...feedback, widgetName: undefined }));
    let delivered = 0;
    for (const recipient of recipients) {
      const links = alertLinks(publicUrl, signer, { workspaceId: window.workspaceId, accountId: recipient.accountId });
      try {
        await mailer.send({
          to: recipient.email,
          ...instantAlertMail(widgetName, { ...batch, listed, ...links }),
          headers: unsubscribeHeaders(links),
        });
        delivered++;
      } catch (error) {
        logger.error({ err: error, widgetId, accountId: recipient.accountId }, 'an instant alert could not be sent');
      }
    }
    // Tried again only when it reached nobody: a retry would mail the others twice.
    if (delivered === 0) return windows.release(window, addMs(now, RETRY_MS).toISOString(), nowIso);
    await windows.sent(window, nowIso, batch.newest, addMs(now, WINDOW_MS).toISOString());
  }

  return {
    /** Sends every alert that is due. */
    async run() {
      for (const widgetId of await windows.due(clock.now().toISOString(), PER_RUN)) await handle(widgetId);
    },
  };
}
