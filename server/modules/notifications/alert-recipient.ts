/** Who an alert goes to, and whether they asked for it. */
import type { Kysely, Transaction } from 'kysely';
import type { NotificationSettings } from '../../../src/shared/schemas/notifications';
import type { Database } from '../../db/schema';
import { settingsOf } from './notification-settings.repo';

type Db = Kysely<Database> | Transaction<Database>;

export interface AlertRecipient {
  email: string;
  settings: NotificationSettings;
}

/**
 * The owner's address and alert choice; undefined for an address never confirmed, which may not
 * be theirs (anyone can sign up with someone else's address and point a widget's feedback at it).
 */
export async function readAlertRecipient(db: Db, ownerId: string): Promise<AlertRecipient | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
    .select([
      'users.email',
      'users.email_confirmed_at',
      'notification_settings.mode',
      'notification_settings.hour',
      'notification_settings.time_zone',
      'notification_settings.widget_ids',
    ])
    .where('users.id', '=', ownerId)
    .executeTakeFirst();
  if (!row?.email_confirmed_at) return undefined;
  const { mode, hour, time_zone, widget_ids } = row;
  const stored =
    mode !== null && hour !== null && time_zone !== null ? { mode, hour, time_zone, widget_ids } : undefined;
  return { email: row.email, settings: settingsOf(stored) };
}

/** Whether the choice asks for `mode` alerts about this widget. */
export function covers(settings: NotificationSettings, mode: 'instant' | 'daily', widgetId: string): boolean {
  const { email } = settings;
  return email.mode === mode && (email.widgetIds === null || email.widgetIds.includes(widgetId));
}
