import type { ReactNode } from 'react';
import { lazyToasts } from './lazy-toasts';

export interface ToastOptions {
  /** How long it stays, in milliseconds; antd's default (4.5 s) otherwise. */
  durationMs?: number;
  /** A button under the text: the way out of what the toast says (an upgrade at a limit). */
  action?: ReactNode;
}

type Show = (title: string, description?: string, options?: ToastOptions) => void;

/** Toasts (docs/product.md §8): a title and an optional description; `error` is the destructive variant. */
export interface Toasts {
  success: Show;
  error: Show;
  info: Show;
}

/**
 * The toasts of every screen. They live outside the router and outside any screen, so a toast
 * stays up when its screen goes (a redirect after a failure), and the public pages, which carry
 * no antd, load antd's notification only for their first toast.
 */
export function useToast(): Toasts {
  return lazyToasts;
}
