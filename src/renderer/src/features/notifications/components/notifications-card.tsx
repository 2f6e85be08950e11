import { Card } from 'antd';
import { LoadError } from '../../../components/load-error';
import { useWidgets } from '../../../lib/owner-data/use-widgets';
import { useNotificationSettings } from '../api/get-notification-settings';
import { browserTimeZone } from '../../../utils/browser-time-zone';
import { NotificationsForm } from './notifications-form';
import './notifications-card.css';

const LOAD_FAILED = 'Failed to load notification settings. Please try again.';

/**
 * The Notifications card of /settings: how often new feedback is e-mailed (instant, a daily
 * digest, or never) and for which widgets. The digest's hour is read in the browser's time zone,
 * which is what a save sends.
 */
export function NotificationsCard() {
  const settings = useNotificationSettings();
  const widgets = useWidgets();
  return (
    <Card
      className="tb-notifications-card"
      loading={settings.isPending}
      title={<h2 className="tb-card-title">Notifications</h2>}
    >
      {settings.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <NotificationsForm saved={settings.data} widgets={widgets.data} timeZone={browserTimeZone()} />
      ) : null}
    </Card>
  );
}
