import { App } from 'antd';
import { useMemo } from 'react';

/** The spec's toasts: a title and an optional description; `error` is the destructive variant. */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title: string, description?: string) => notification.success({ title, description }),
      error: (title: string, description?: string) => notification.error({ title, description }),
      info: (title: string, description?: string) => notification.info({ title, description }),
    }),
    [notification],
  );
}
