/**
 * What the renderer may not do (docs/security-model.md E-04 to E-07): leave the app's origin, open new
 * windows, attach a `<webview>`, or be granted any permission but notifications. Decisions are pure
 * functions; `installSecurity` hooks them onto Electron's events, on every web contents created.
 */
import { isAppOrigin, originOf, APP_ORIGIN } from './protocol/app-origin';

/** The only permission the app's page is ever granted. */
export const ALLOWED_PERMISSION = 'notifications';

/** An Electron navigation event: `will-navigate`, `will-redirect`, `will-frame-navigate`. */
export interface NavigationEvent {
  readonly url: string;
  preventDefault(): void;
}

/** Any Electron event the app can cancel. */
export interface PreventableEvent {
  preventDefault(): void;
}

/** The part of Electron's WebContents the rules are attached to (Electron's own fits it). */
export interface GuardedWebContents {
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** Details Electron gives a permission request (the requesting frame). */
export interface PermissionRequestDetails {
  readonly requestingUrl?: string;
  readonly isMainFrame?: boolean;
}

/** The part of Electron's Session the permission rules are attached to. */
export interface GuardedSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: PermissionRequestDetails,
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (webContents: unknown, permission: string, requestingOrigin: string, details: unknown) => boolean,
  ): void;
}

/** The part of Electron's app that announces new web contents. */
export interface GuardedApp {
  on(event: 'web-contents-created', listener: (event: unknown, contents: GuardedWebContents) => void): unknown;
}

/** Hands a URL to the system browser behind the allow-list (services/external-links.ts). */
export type OpenExternal = (url: string) => Promise<boolean>;

/** True when a frame may navigate to `url`: only the app's own origin, compared as parsed origins. */
export function isNavigationAllowed(url: string): boolean {
  return isAppOrigin(url);
}

/**
 * True when `permission` may be granted to a frame of `origin`: notifications, for the app's own
 * origin only. Everything else (camera, microphone, geolocation, clipboard-read, MIDI, HID, serial,
 * USB, fullscreen, openExternal …) is denied.
 */
export function isPermissionAllowed(permission: string, origin: string | null | undefined): boolean {
  return permission === ALLOWED_PERMISSION && origin === APP_ORIGIN;
}

/** Reports what was blocked (for the log); never throws. */
export type SecurityLog = (message: string) => void;

export interface WebContentsSecurityDeps {
  openExternal: OpenExternal;
  log?: SecurityLog;
}

/** Sends an allow-listed URL to the system browser; refusals are the allow-list's business. */
function handOff(url: string, deps: WebContentsSecurityDeps): void {
  deps.openExternal(url).catch(() => deps.log?.(`Could not open ${url} in the system browser`));
}

/** Locks one web contents to the app's origin. */
export function secureWebContents(contents: GuardedWebContents, deps: WebContentsSecurityDeps): void {
  contents.on('will-navigate', (event) => {
    if (isNavigationAllowed(event.url)) return;
    event.preventDefault();
    deps.log?.(`Blocked navigation to ${event.url}`);
    // A plain link to checkout or the owner's server opens where it belongs; the rest goes nowhere.
    handOff(event.url, deps);
  });
  contents.on('will-frame-navigate', (event) => {
    if (isNavigationAllowed(event.url)) return;
    event.preventDefault();
    deps.log?.(`Blocked frame navigation to ${event.url}`);
  });
  contents.on('will-redirect', (event) => {
    if (isNavigationAllowed(event.url)) return;
    event.preventDefault();
    deps.log?.(`Blocked redirect to ${event.url}`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    deps.log?.('Blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    handOff(url, deps);
    return { action: 'deny' };
  });
}

/** Denies every permission request and check but notifications for the app's origin. */
export function secureSession(session: GuardedSession, log?: SecurityLog): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const origin = details.requestingUrl ? originOf(details.requestingUrl) : null;
    const granted = details.isMainFrame === true && isPermissionAllowed(permission, origin);
    if (!granted) log?.(`Denied permission ${permission} to ${details.requestingUrl ?? 'an unknown frame'}`);
    callback(granted);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, originOf(requestingOrigin)),
  );
}

export interface SecurityDeps extends WebContentsSecurityDeps {
  app: GuardedApp;
  session: GuardedSession;
}

/** Applies the rules to the session and to every web contents from now on (call before the first window). */
export function installSecurity(deps: SecurityDeps): void {
  secureSession(deps.session, deps.log);
  deps.app.on('web-contents-created', (_event, contents) => secureWebContents(contents, deps));
}
