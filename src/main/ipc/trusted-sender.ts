/**
 * Who may call the bridge (security guide E-08): only the app's own page, in the window's top
 * frame. A subframe, a page that navigated elsewhere, or a destroyed frame is refused.
 */
import type { IpcInvokeEvent } from './ipc-handler';

/** The renderer's scheme and host: the window loads `app://tellbox/…`. */
export const APP_PROTOCOL = 'app:';
export const APP_HOST = 'tellbox';

/**
 * True for a URL on the app's own origin. `new URL('app://tellbox/').origin` is the string
 * `'null'` in Node (only http, https, ws, wss and ftp have tuple origins there), so comparing
 * origins would refuse everything; scheme and host (which includes any port) are compared instead.
 */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === APP_PROTOCOL && parsed.host === APP_HOST && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** The sender check every IPC handler runs first. Never throws. */
export function isTrustedSender(event: IpcInvokeEvent): boolean {
  try {
    // Reading a frame that has gone away throws in Electron; that sender is not trusted either.
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    return isAppUrl(frame.url);
  } catch {
    return false;
  }
}
