import { lazy, Suspense } from 'react';
import { isDesktop } from '../../lib/platform';
import { ProfileSection } from '../../features/settings/components/profile-section';

const ServerCard = lazy(() =>
  import('../../features/desktop/desktop-screens').then((module) => ({ default: module.ServerCard })),
);

/** `/settings/profile`, with the desktop app's "Tellbox server" card when running there. */
export function Component() {
  const serverCard = isDesktop() ? (
    <Suspense fallback={null}>
      <ServerCard />
    </Suspense>
  ) : null;
  return <ProfileSection serverCard={serverCard} />;
}
