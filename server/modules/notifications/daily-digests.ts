/**
 * Daily digests: at each member's chosen hour in their time zone, one mail with the feedback since
 * the previous digest across the widgets it covers, and none when there is nothing new. A digest
 * is claimed with a lease by one conditional UPDATE, so one instance sends it, once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Transactor } from '../../db/transaction';
import type { Logger } from '../../lib/logger';
import { addMs, type Clock } from '../../lib/time';
import type { Mailer } from '../../mail/mailer';
import { dailyDigestMail } from '../../mail/templates/alert-mails';
import { readAlertBatch, type AlertBatch, type AlertFeedbackDeps } from './alert-feedback';
import { alertLinks, unsubscribeHeaders } from './alert-links';
import { readAlertRecipients } from './alert-recipient';
import type { Member } from './member';
import { nextDigestAt } from './digest-time';
import { settingsOf } from './notification-settings.repo';
import type { Signer } from './unsubscribe-token';

const LEASE_MS = 2 * 60_000;
const RETRY_MS = 5 * 60_000;
const PER_RUN = 50;
/**
 * A digest covers feedback up to this long before it is made: every batch created earlier has
 * committed by then, so none lands behind a digest that already went out.
 */
const COMMIT_MARGIN_MS = 60_000;

export interface DailyDigestsDeps extends AlertFeedbackDeps {
  db: Kysely<Database>;
  transact: Transactor;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  signer: Signer;
}

interface Claimed {
  member: Member;
  lease: string;
  /** The row's version: a PUT since the claim has scheduled the next digest itself. */
  updatedAt: string;
  timeZone: string;
  hour: number;
  upTo: string;
  email: string | null;
  batch: AlertBatch;
}

export function createDailyDigests(deps: DailyDigestsDeps) {
  const { db, transact, clock, mailer, logger, publicUrl, signer } = deps;

  const claim = (member: Member, now: Date): Promise<Claimed | undefined> =>
    transact(async (trx) => {
      const nowIso = now.toISOString();
      const lease = addMs(now, LEASE_MS).toISOString();
      const row = await trx
        .updateTable('notification_settings')
        .set({ next_digest_at: lease, digest_locked_until: lease })
        .where('workspace_id', '=', member.workspaceId)
        .where('account_id', '=', member.accountId)
        .where('mode', '=', 'daily')
        .where('next_digest_at', '<=', nowIso)
        .where((eb) => eb.or([eb('digest_locked_until', 'is', null), eb('digest_locked_until', '<=', nowIso)]))
        .returning(['mode', 'hour', 'time_zone', 'widget_ids', 'digest_sent_until', 'updated_at'])
        .executeTakeFirst();
      if (!row) return undefined;
      const settings = settingsOf(row);
      const upTo = addMs(now, -COMMIT_MARGIN_MS).toISOString();
      const after = row.digest_sent_until ?? addMs(now, -24 * 3_600_000).toISOString();
      const [recipient] = await readAlertRecipients(trx, member.workspaceId, member.accountId);
      const batch =
        recipient && after < upTo
          ? await readAlertBatch(
              trx,
              deps,
              { workspaceId: member.workspaceId, widgetIds: settings.email.widgetIds, after, upTo },
              now,
            )
          : { listed: [], unlisted: 0, hidden: 0, newest: null };
      return {
        member,
        lease,
        updatedAt: row.updated_at,
        timeZone: row.time_zone,
        hour: row.hour,
        upTo: after < upTo ? upTo : after,
        email: recipient?.email ?? null,
        batch,
      };
    });

  /** Ends the claim: the next digest at the owner's hour (or `retryAt`), covered up to `sentUntil`. */
  async function finish(claimed: Claimed, now: Date, sentUntil: string | null, retryAt?: string) {
    const next = retryAt ?? nextDigestAt(claimed.timeZone, claimed.hour, now).toISOString();
    const covered = sentUntil ? { digest_sent_until: sentUntil } : {};
    const ours = db
      .updateTable('notification_settings')
      .where('workspace_id', '=', claimed.member.workspaceId)
      .where('account_id', '=', claimed.member.accountId)
      .where('digest_locked_until', '=', claimed.lease);
    const result = await ours
      .set({ ...covered, next_digest_at: next, digest_locked_until: null })
      .where('updated_at', '=', claimed.updatedAt)
      .executeTakeFirst();
    // Changed meanwhile: the PUT set the next digest (or turned digests off), so leave it.
    if (result.numUpdatedRows === 0n) await ours.set({ ...covered, digest_locked_until: null }).execute();
  }

  async function handle(member: Member) {
    const now = clock.now();
    const claimed = await claim(member, now);
    if (!claimed) return;
    const { batch, email } = claimed;
    if (batch.newest === null || email === null) return finish(claimed, now, claimed.upTo);
    const links = alertLinks(publicUrl, signer, member);
    try {
      await mailer.send({ to: email, ...dailyDigestMail({ ...batch, ...links }), headers: unsubscribeHeaders(links) });
    } catch (error) {
      logger.error({ err: error, ...member }, 'a daily digest could not be sent; it is tried again');
      return finish(claimed, now, null, addMs(now, RETRY_MS).toISOString());
    }
    await finish(claimed, now, claimed.upTo);
  }

  return {
    /** Sends every digest that is due. */
    async run() {
      const rows = await db
        .selectFrom('notification_settings')
        .select(['workspace_id', 'account_id'])
        .where('next_digest_at', '<=', clock.now().toISOString())
        .orderBy('next_digest_at')
        .limit(PER_RUN)
        .execute();
      for (const row of rows) await handle({ workspaceId: row.workspace_id, accountId: row.account_id });
    },
  };
}
