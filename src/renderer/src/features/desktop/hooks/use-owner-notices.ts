import { App } from 'antd';
import { useEffect } from 'react';
import { onOwnerNotice } from '../../../lib/platform';

/** How long a notice stays, in seconds: long enough to read a sentence about the keychain. */
const NOTICE_SECONDS = 10;

/**
 * Shows what the desktop layer tells the owner outside any screen (the keychain kept the session
 * in memory only, a link the app would not open) as warning toasts.
 */
export function useOwnerNotices(): void {
  const { notification } = App.useApp();
  useEffect(
    () =>
      onOwnerNotice(({ title, description }) => notification.warning({ title, description, duration: NOTICE_SECONDS })),
    [notification],
  );
}
