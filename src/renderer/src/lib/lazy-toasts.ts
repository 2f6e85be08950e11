/**
 * Toasts for the public pages, which load no antd: the first toast loads antd's notification
 * (a visitor who never sees one never downloads it), every one after is shown at once.
 */
import type { Toasts } from './use-toast';

const load = () => import('./static-toasts');

function later(kind: keyof Toasts): Toasts[keyof Toasts] {
  return (title, description, options) => {
    void load().then(({ staticToasts }) => staticToasts[kind](title, description, options));
  };
}

export const lazyToasts: Toasts = { success: later('success'), error: later('error'), info: later('info') };
