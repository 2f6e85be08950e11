/** The `notification_settings` rows: a member's alert choice in a workspace, and their digest's state. */
import type { Kysely } from 'kysely';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type EmailAlertMode,
  type NotificationSettings,
} from '../../../src/shared/schemas/notifications';
import type { Database } from '../../db/schema';
import type { Member } from './member';

export interface StoredSettings {
  settings: NotificationSettings;
  digestSentUntil: string | null;
}

interface SettingsRow {
  mode: string;
  hour: number;
  time_zone: string;
  widget_ids: string | null;
}

/** Reads a stored row back into the shared shape (an unknown mode reads as off: mail nobody chose). */
export function settingsOf(row: SettingsRow | undefined): NotificationSettings {
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  const mode: EmailAlertMode = row.mode === 'instant' || row.mode === 'daily' ? row.mode : 'off';
  return {
    email: {
      mode,
      hour: row.hour,
      timeZone: row.time_zone,
      widgetIds: row.widget_ids === null ? null : (JSON.parse(row.widget_ids) as string[]),
    },
  };
}

export interface SettingsWrite {
  settings: NotificationSettings;
  nextDigestAt: string | null;
  digestSentUntil: string | null;
  now: string;
}

export function createNotificationSettingsRepo(db: Kysely<Database>) {
  return {
    async find(member: Member): Promise<StoredSettings | undefined> {
      const row = await db
        .selectFrom('notification_settings')
        .select(['mode', 'hour', 'time_zone', 'widget_ids', 'digest_sent_until'])
        .where('workspace_id', '=', member.workspaceId)
        .where('account_id', '=', member.accountId)
        .executeTakeFirst();
      return row && { settings: settingsOf(row), digestSentUntil: row.digest_sent_until };
    },

    async save(member: Member, { settings, nextDigestAt, digestSentUntil, now }: SettingsWrite): Promise<void> {
      const { mode, hour, timeZone, widgetIds } = settings.email;
      const values = {
        mode,
        hour,
        time_zone: timeZone,
        widget_ids: widgetIds === null ? null : JSON.stringify(widgetIds),
        next_digest_at: nextDigestAt,
        digest_sent_until: digestSentUntil,
        updated_at: now,
      };
      await db
        .insertInto('notification_settings')
        .values({ workspace_id: member.workspaceId, account_id: member.accountId, ...values })
        .onConflict((conflict) => conflict.columns(['workspace_id', 'account_id']).doUpdateSet(values))
        .execute();
    },

    /** Turns e-mail alerts off (the unsubscribe link), keeping the rest of the member's choice. */
    async turnOff(member: Member, now: string): Promise<void> {
      const { hour, timeZone } = DEFAULT_NOTIFICATION_SETTINGS.email;
      await db
        .insertInto('notification_settings')
        .values({
          workspace_id: member.workspaceId,
          account_id: member.accountId,
          mode: 'off',
          hour,
          time_zone: timeZone,
          widget_ids: null,
          next_digest_at: null,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['workspace_id', 'account_id'])
            .doUpdateSet({ mode: 'off', next_digest_at: null, updated_at: now }),
        )
        .execute();
    },

    /** The ids among `widgetIds` that are the workspace's. */
    async ownedWidgetIds(workspaceId: string, widgetIds: string[]): Promise<Set<string>> {
      if (widgetIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('widgets')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', widgetIds)
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type NotificationSettingsRepo = ReturnType<typeof createNotificationSettingsRepo>;
