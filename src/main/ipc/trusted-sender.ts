/**
 * Who may call the bridge (docs/security-model.md E-08): only the app's own page, in the window's top
 * frame. A subframe, a page that navigated elsewhere, or a destroyed frame is refused.
 */
import { isAppOrigin } from '../protocol/app-origin';
import type { IpcInvokeEvent } from './ipc-handler';

/** True for a URL on the app's own origin (`app://tellbox`); one rule for IPC and navigation. */
export const isAppUrl = isAppOrigin;

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
