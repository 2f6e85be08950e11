import { Alert, Button } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import type { Widget } from '../../../../../shared/api';
import { notificationSettingsSchema, type NotificationSettings } from '../../../../../shared/schemas/notifications';
import { WidgetScopeField } from '../../../components/form/widget-scope-field';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { useSessionStore } from '../../../stores/session-store';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { AlertModeField } from './alert-mode-field';
import { DigestHourField } from './digest-hour-field';
import { formResolver } from '../../../components/form/form-resolver';

export interface NotificationsFormProps {
  /** The choice as the server has it. */
  saved: NotificationSettings;
  /** Undefined while the owner's widgets load. */
  widgets: Widget[] | undefined;
  /** The browser's time zone: the one the digest hour is shown and saved in. */
  timeZone: string;
}

/** The saved choice, as the form edits it: in the browser's time zone, which Save sends. */
function formValues(saved: NotificationSettings, timeZone: string): NotificationSettings {
  return { email: { ...saved.email, timeZone } };
}

/** The server reports a widget that is not the owner's on `email.widgetIds.N`. */
function widgetIssue(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.issues?.find((issue) => issue.path.startsWith('email.widgetIds'))?.message;
}

/** Mode, digest hour (daily only) and widgets (not when off), checked by the shared schema. */
export function NotificationsForm({ saved, widgets, timeZone }: NotificationsFormProps) {
  const toast = useToast();
  const email = useSessionStore((state) => state.user?.email);
  const update = useUpdateNotificationSettings();
  const form = useForm<NotificationSettings>({
    resolver: formResolver(notificationSettingsSchema),
    defaultValues: formValues(saved, timeZone),
  });
  const mode = useWatch({ control: form.control, name: 'email.mode' });
  // A digest set up in another time zone (another computer, a trip) moves to this one on Save.
  const zoneMoves = saved.email.mode === 'daily' && saved.email.timeZone !== timeZone;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const stored = await update.mutateAsync(values);
      form.reset(formValues(stored, timeZone));
      toast.success('Notification settings saved');
    } catch (error) {
      const issue = widgetIssue(error);
      if (issue) form.setError('email.widgetIds', { message: issue }, { shouldFocus: true });
      toast.error('Failed to save notification settings. Please try again.');
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Notifications">
      {email ? (
        <p className="tb-muted tb-notifications-recipient">
          Alerts go to <strong className="tb-break">{email}</strong>.
        </p>
      ) : null}
      <div className="tb-notifications-grid">
        <AlertModeField control={form.control} />
        {mode !== 'off' ? (
          <div>
            {mode === 'daily' ? <DigestHourField control={form.control} timeZone={timeZone} /> : null}
            {mode === 'daily' && zoneMoves ? (
              <Alert
                className="tb-settings-notice"
                type="info"
                showIcon
                title={`Your digest was set in ${saved.email.timeZone}. Saving sends it in ${timeZone} instead.`}
              />
            ) : null}
            <WidgetScopeField
              control={form.control}
              name="email.widgetIds"
              widgets={widgets}
              legend="Widgets"
              allLabel="All widgets, including ones you add later"
            />
          </div>
        ) : null}
      </div>
      <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
        Save
      </Button>
    </form>
  );
}
