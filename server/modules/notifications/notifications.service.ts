/**
 * `GET/PUT /api/notifications` and the unsubscribe link: the owner's e-mail alert choice. Saving
 * a daily choice schedules the next digest; the widgets chosen must be the owner's own.
 */
import type { NotificationSettings } from '../../../src/shared/schemas/notifications';
import type { AuthUser } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import { nextDigestAt } from './digest-time';
import type { NotificationSettingsRepo } from './notification-settings.repo';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/schemas/notifications';

export const NOTIFICATION_MESSAGES = {
  unknownWidget: 'Choose only your own widgets: one of the widgets chosen does not exist',
} as const;

interface NotificationsDeps {
  repo: NotificationSettingsRepo;
  clock: Clock;
  /** True when the account still exists (an unsubscribe link may outlive it). */
  accountExists: (userId: string) => Promise<boolean>;
}

export function createNotificationsService({ repo, clock, accountExists }: NotificationsDeps) {
  return {
    async get(user: AuthUser): Promise<NotificationSettings> {
      return (await repo.find(user.id))?.settings ?? DEFAULT_NOTIFICATION_SETTINGS;
    },

    async update(user: AuthUser, input: NotificationSettings): Promise<NotificationSettings> {
      const { widgetIds } = input.email;
      const chosen = widgetIds === null ? null : [...new Set(widgetIds)];
      if (chosen) {
        const owned = await repo.ownedWidgetIds(user.id, chosen);
        const issues = chosen.flatMap((id) =>
          owned.has(id)
            ? []
            : [
                {
                  path: `email.widgetIds.${widgetIds?.indexOf(id) ?? 0}`,
                  message: NOTIFICATION_MESSAGES.unknownWidget,
                },
              ],
        );
        if (issues.length > 0) throw badRequest(NOTIFICATION_MESSAGES.unknownWidget, issues);
      }
      const settings: NotificationSettings = { email: { ...input.email, widgetIds: chosen } };
      const now = clock.now();
      const previous = await repo.find(user.id);
      const daily = settings.email.mode === 'daily';
      // A new digest covers what arrives from the moment it was chosen; a rescheduled one keeps
      // its place so nothing between two digests is skipped.
      const stillDaily = previous?.settings.email.mode === 'daily' && previous.digestSentUntil !== null;
      await repo.save(user.id, {
        settings,
        nextDigestAt: daily ? nextDigestAt(settings.email.timeZone, settings.email.hour, now).toISOString() : null,
        digestSentUntil: stillDaily ? previous.digestSentUntil : now.toISOString(),
        now: now.toISOString(),
      });
      return settings;
    },

    /** The unsubscribe link: e-mail alerts off. Nothing to do for an account deleted since. */
    async unsubscribe(userId: string): Promise<void> {
      if (await accountExists(userId)) await repo.turnOff(userId, clock.now().toISOString());
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
