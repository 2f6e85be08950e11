import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ToastOptions, Toasts } from './use-toast';

/** The spec's toasts on an antd notification instance (App's, or the static one). */
export function antdToasts(notification: NotificationInstance, extra: () => object = () => ({})): Toasts {
  const args = (title: string, description: string | undefined, options: ToastOptions = {}) => ({
    title,
    description,
    ...(options.durationMs !== undefined && { duration: options.durationMs / 1000 }),
    ...(options.action !== undefined && { actions: options.action }),
    ...extra(),
  });
  return {
    success: (title, description, options) => notification.success(args(title, description, options)),
    error: (title, description, options) => notification.error(args(title, description, options)),
    info: (title, description, options) => notification.info(args(title, description, options)),
  };
}
