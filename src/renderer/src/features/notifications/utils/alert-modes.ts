import {
  EMAIL_ALERT_MODES,
  INSTANT_ALERT_WINDOW_MINUTES,
  type EmailAlertMode,
} from '../../../../../shared/schemas/notifications';

/** Each e-mail alert mode's name and the one line that says what the owner will receive. */
export const ALERT_MODE_TEXT: Record<EmailAlertMode, { label: string; description: string }> = {
  instant: {
    label: 'Instant',
    description: `An e-mail soon after new feedback arrives: at most one per widget every ${INSTANT_ALERT_WINDOW_MINUTES} minutes, holding everything from that time.`,
  },
  daily: {
    label: 'Daily digest',
    description: 'One e-mail a day, at the hour you choose, with everything that arrived since the last one.',
  },
  off: {
    label: 'Off',
    description: 'No e-mails. New feedback still appears here, on your dashboard and under Feedback.',
  },
};

/** The modes in the schema's order, with their text. */
export const ALERT_MODE_OPTIONS = EMAIL_ALERT_MODES.map((mode) => ({ mode, ...ALERT_MODE_TEXT[mode] }));
