/** Who an alert goes to, and whether they asked for it. */
import type { Kysely, Transaction } from 'kysely';
import type { NotificationSettings } from '../../../src/shared/schemas/notifications';
import type { Database } from '../../db/schema';
import { settingsOf } from './notification-settings.repo';

type Db = Kysely<Database> | Transaction<Database>;

export interface AlertRecipient {
  accountId: string;
  email: string;
  settings: NotificationSettings;
}

/**
 * The workspace's members with their addresses and alert choices (a member who never chose has
 * the defaults), or only `accountId` when given. A member whose address was never confirmed is
 * left out: it may not be theirs (anyone can sign up with someone else's address).
 */
export async function readAlertRecipients(db: Db, workspaceId: string, accountId?: string): Promise<AlertRecipient[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.account_id')
    .leftJoin('notification_settings', (join) =>
      join
        .onRef('notification_settings.workspace_id', '=', 'workspace_members.workspace_id')
        .onRef('notification_settings.account_id', '=', 'workspace_members.account_id'),
    )
    .select([
      'users.id',
      'users.email',
      'notification_settings.mode',
      'notification_settings.hour',
      'notification_settings.time_zone',
      'notification_settings.widget_ids',
    ])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .where('users.email_confirmed_at', 'is not', null)
    .$if(accountId !== undefined, (query) => query.where('users.id', '=', accountId as string))
    .orderBy('workspace_members.created_at')
    .execute();
  return rows.map(({ id, email, mode, hour, time_zone, widget_ids }) => {
    const stored =
      mode !== null && hour !== null && time_zone !== null ? { mode, hour, time_zone, widget_ids } : undefined;
    return { accountId: id, email, settings: settingsOf(stored) };
  });
}

/** Whether the choice asks for `mode` alerts about this widget. */
export function covers(settings: NotificationSettings, mode: 'instant' | 'daily', widgetId: string): boolean {
  const { email } = settings;
  return email.mode === mode && (email.widgetIds === null || email.widgetIds.includes(widgetId));
}
