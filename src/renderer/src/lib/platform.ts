/**
 * What differs between the browser and the desktop app, behind one module (docs/architecture.md, "Code
 * conventions" 11). The desktop app is this same build with `window.tellbox` (the DesktopBridge) present. Kept
 * tiny: the landing page loads it.
 */
import type { DesktopBridge } from '../../../shared/desktop-bridge';

declare global {
  interface Window {
    /** Exposed by the desktop app's preload; absent in the browser. */
    tellbox?: DesktopBridge;
  }
}

/** The desktop app's bridge, or null in the browser. */
export function desktopBridge(): DesktopBridge | null {
  return typeof window === 'undefined' ? null : (window.tellbox ?? null);
}

/** True inside the desktop app. */
export function isDesktop(): boolean {
  return desktopBridge() !== null;
}

/** Something the owner must be told that happened away from any screen (a toast's title and text). */
export interface OwnerNotice {
  title: string;
  description: string;
}

export const LINK_REFUSED: OwnerNotice = {
  title: 'Link not opened',
  description: 'The app opens only secure web addresses in your browser.',
};

let noticeListener: ((notice: OwnerNotice) => void) | null = null;
const pendingNotices: OwnerNotice[] = [];

/** Shows `notice` as a warning toast; kept until the desktop shell listens, so none is lost at start. */
export function noticeOwner(notice: OwnerNotice): void {
  if (noticeListener) noticeListener(notice);
  else pendingNotices.push(notice);
}

/** The desktop shell's one listener for owner notices (the pending ones first). Returns unsubscribe. */
export function onOwnerNotice(listener: (notice: OwnerNotice) => void): () => void {
  noticeListener = listener;
  pendingNotices.splice(0).forEach(listener);
  return () => {
    if (noticeListener === listener) noticeListener = null;
  };
}

/**
 * Opens `url` outside the console: the system browser in the desktop app (which may refuse it:
 * then the owner is told, and this answers false), a new tab in the browser.
 */
export async function openExternal(url: string): Promise<boolean> {
  const bridge = desktopBridge();
  if (!bridge) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return true;
  }
  const opened = (await bridge.openExternal(url).catch(() => false)) === true;
  if (!opened) noticeOwner(LINK_REFUSED);
  return opened;
}
