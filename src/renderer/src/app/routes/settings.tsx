import { lazy, Suspense } from 'react';
import { isDesktop } from '../../lib/platform';
import { NotificationsCard } from '../../features/notifications/components/notifications-card';
import { SettingsPage } from '../../features/settings/components/settings-page';

const ServerCard = lazy(() =>
  import('../../features/desktop/desktop-screens').then((module) => ({ default: module.ServerCard })),
);

/** `/settings`, with the e-mail alerts card, and the desktop app's "Tellbox server" card when running there. */
export function Component() {
  const serverCard = isDesktop() ? (
    <Suspense fallback={null}>
      <ServerCard />
    </Suspense>
  ) : null;
  return <SettingsPage notificationsCard={<NotificationsCard />} serverCard={serverCard} />;
}
