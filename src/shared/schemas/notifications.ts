import { isTimeZone } from '../time-zone';
import { z } from './zod';

/** E-mail alert modes (`GET/PUT /api/notifications`). New accounts start on `instant`. */
export const EMAIL_ALERT_MODES = ['instant', 'daily', 'off'] as const;
export type EmailAlertMode = (typeof EMAIL_ALERT_MODES)[number];

/** An instant alert holds everything that arrived in this window; at most one per widget per window. */
export const INSTANT_ALERT_WINDOW_MINUTES = 10;
/** Each message in an alert or digest is cut at this many characters. */
export const ALERT_MESSAGE_PREVIEW_LENGTH = 500;
/** A digest or alert lists at most this many messages; the rest are counted. */
export const ALERT_MAX_LISTED = 50;

/** The body of `PUT /api/notifications` and the answer of both calls. */
export const notificationSettingsSchema = z.strictObject({
  email: z.strictObject({
    mode: z.enum(EMAIL_ALERT_MODES, 'Choose instant, daily or off'),
    /** The daily digest's hour, 0–23, in `timeZone`. */
    hour: z
      .number('Choose an hour from 0 to 23')
      .int()
      .min(0, 'Choose an hour from 0 to 23')
      .max(23, 'Choose an hour from 0 to 23'),
    timeZone: z.string().trim().min(1).max(100).refine(isTimeZone, 'Choose a valid time zone'),
    /** The widgets the alerts cover; null for every widget, present and future. */
    widgetIds: z.array(z.string().trim().min(1).max(64)).max(1000).nullable(),
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What an owner who never chose gets. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: { mode: 'instant', hour: 9, timeZone: 'UTC', widgetIds: null },
};
