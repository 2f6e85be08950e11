/**
 * The renderer's own origin, `app://tellbox`, and the one way main decides whether a URL is on it.
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'tellbox';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** What the main window loads: the renderer's index.html, served by the protocol handler. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/`;

/**
 * The origin of `raw` as Chromium computes it for the schemes the app deals with, or null when it
 * has none (unparsable, `file:`, `data:`, `javascript:`, any other scheme). Node's `URL#origin` is
 * the string `'null'` for every scheme but http(s), ws(s) and ftp, so for `app:` it would call every
 * custom-scheme URL "the same origin"; scheme, host and port are read from the parsed URL instead.
 */
export function originOf(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  if (url.protocol !== `${APP_SCHEME}:`) return null;
  // Chromium lower-cases a standard scheme's host (Node leaves a non-special host as written).
  // Credentials or a port make it a URL the app never produces: no origin rather than a guess.
  if (url.username || url.password || url.port || !url.hostname) return null;
  return `${APP_SCHEME}://${url.hostname.toLowerCase()}`;
}

/** True for a URL on the app's own origin, compared as parsed origins (never by prefix). */
export function isAppOrigin(raw: string): boolean {
  return originOf(raw) === APP_ORIGIN;
}

/** `app://tellbox<route>` for one of the console's own routes (`/setup-server`). */
export function appRouteUrl(route: string): string {
  if (!route.startsWith('/') || route.startsWith('//')) throw new TypeError(`Not an app route: ${route}`);
  return `${APP_ORIGIN}${route}`;
}
