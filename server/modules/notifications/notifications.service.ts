/**
 * `GET/PUT /api/notifications` and the unsubscribe link: the owner's e-mail alert choice. Saving
 * a daily choice schedules the next digest; the widgets chosen must be the owner's own.
 */
import type { NotificationSettings } from '../../../src/shared/schemas/notifications';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import type { Member } from './member';
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
  /** True while the account is still in the workspace (an unsubscribe link may outlive that). */
  isMember: (member: Member) => Promise<boolean>;
}

/** Alert choices are each member's own, per workspace. */
const memberOf = (workspace: WorkspaceAccess): Member => ({
  workspaceId: workspace.id,
  accountId: workspace.account.id,
});

export function createNotificationsService({ repo, clock, isMember }: NotificationsDeps) {
  return {
    async get(workspace: WorkspaceAccess): Promise<NotificationSettings> {
      return (await repo.find(memberOf(workspace)))?.settings ?? DEFAULT_NOTIFICATION_SETTINGS;
    },

    async update(workspace: WorkspaceAccess, input: NotificationSettings): Promise<NotificationSettings> {
      const { widgetIds } = input.email;
      const chosen = widgetIds === null ? null : [...new Set(widgetIds)];
      if (chosen) {
        const owned = await repo.ownedWidgetIds(workspace.id, chosen);
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
      const previous = await repo.find(memberOf(workspace));
      const daily = settings.email.mode === 'daily';
      // A new digest covers what arrives from the moment it was chosen; a rescheduled one keeps
      // its place so nothing between two digests is skipped.
      const stillDaily = previous?.settings.email.mode === 'daily' && previous.digestSentUntil !== null;
      await repo.save(memberOf(workspace), {
        settings,
        nextDigestAt: daily ? nextDigestAt(settings.email.timeZone, settings.email.hour, now).toISOString() : null,
        digestSentUntil: stillDaily ? previous.digestSentUntil : now.toISOString(),
        now: now.toISOString(),
      });
      return settings;
    },

    /** The unsubscribe link: e-mail alerts off. Nothing to do for a member who has left since. */
    async unsubscribe(member: Member): Promise<void> {
      if (await isMember(member)) await repo.turnOff(member, clock.now().toISOString());
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
