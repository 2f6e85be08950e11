/** `window.tellbox`: present in the desktop app (the preload exposes it), absent in the browser. */
import type { DesktopBridge } from '../shared/desktop-bridge';

declare global {
  interface Window {
    tellbox?: DesktopBridge;
  }
}

export {};
