import { createContext, type ReactNode, useContext } from 'react';
import { lazyToasts } from './lazy-toasts';

export interface ToastOptions {
  /** How long it stays, in milliseconds; antd's default (4.5 s) otherwise. */
  durationMs?: number;
  /** A button under the text: the way out of what the toast says (an upgrade at a limit). */
  action?: ReactNode;
}

type Show = (title: string, description?: string, options?: ToastOptions) => void;

/** The spec's toasts: a title and an optional description; `error` is the destructive variant. */
export interface Toasts {
  success: Show;
  error: Show;
  info: Show;
}

/**
 * The antd screens provide toasts from antd's App (inside the router, so an action button can
 * navigate); the public pages, which carry no antd, get toasts that load it on first use.
 */
export const ToastContext = createContext<Toasts>(lazyToasts);

export function useToast(): Toasts {
  return useContext(ToastContext);
}
