/**
 * What differs between the browser and the desktop app, behind one module. In the browser a
 * checkout opens in a new tab; the desktop app (its own issue) will send it to the system browser.
 */
export function openExternal(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
