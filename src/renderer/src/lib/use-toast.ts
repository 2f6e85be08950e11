import { App } from 'antd';
import { type ReactNode, useMemo } from 'react';

export interface ToastOptions {
  /** How long it stays, in milliseconds; antd's default (4.5 s) otherwise. */
  durationMs?: number;
  /** A button under the text: the way out of what the toast says (an upgrade at a limit). */
  action?: ReactNode;
}

/** The spec's toasts: a title and an optional description; `error` is the destructive variant. */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(() => {
    const args = (title: string, description: string | undefined, options: ToastOptions) => ({
      title,
      description,
      ...(options.durationMs !== undefined && { duration: options.durationMs / 1000 }),
      ...(options.action !== undefined && { actions: options.action }),
    });
    return {
      success: (title: string, description?: string, options: ToastOptions = {}) =>
        notification.success(args(title, description, options)),
      error: (title: string, description?: string, options: ToastOptions = {}) =>
        notification.error(args(title, description, options)),
      info: (title: string, description?: string, options: ToastOptions = {}) =>
        notification.info(args(title, description, options)),
    };
  }, [notification]);
}
