/**
 * Toasts for the public pages, which load no antd: the first toast loads antd's notification
 * (a visitor who never sees one never downloads it), every one after is shown at once.
 */
import type * as StaticToasts from './static-toasts';
import type { Toasts } from './use-toast';

let loading: Promise<typeof StaticToasts> | undefined;
const load = () => (loading ??= import('./static-toasts'));

function later(kind: keyof Toasts): Toasts[keyof Toasts] {
  return (title, description, options) => {
    void load().then(({ staticToasts }) => staticToasts[kind](title, description, options));
  };
}

export const lazyToasts: Toasts = { success: later('success'), error: later('error'), info: later('info') };

/**
 * Takes down every toast on screen, if any was ever shown. The component tests call it as a file
 * ends: a toast's own React root outlives the screen that showed it, and its timer would render
 * after the test's document is gone.
 */
export async function closeAllToasts(): Promise<void> {
  if (loading) (await loading).closeAllStaticToasts();
}
