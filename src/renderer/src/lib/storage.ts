/**
 * Where the session and small choices are kept. The browser uses localStorage and
 * sessionStorage with the keys of docs/product.md §3; the desktop app keeps the token in the OS
 * keychain instead (desktop-storage.ts), and everything else as the browser does.
 */
import { createDesktopStorage } from './desktop-storage';
import { desktopBridge, noticeOwner } from './platform';

export type LocalKey = 'user' | 'token' | 'cookieConsent' | 'colorScheme' | 'workspace';
export type SessionKey = 'selectedPlan';

export interface AppStorage {
  get(key: LocalKey): string | null;
  set(key: LocalKey, value: string): void;
  remove(key: LocalKey): void;
  getSession(key: SessionKey): string | null;
  setSession(key: SessionKey, value: string): void;
  removeSession(key: SessionKey): void;
  /**
   * Reads what is kept outside the page (the desktop app's keychain token), once, before the
   * session is restored. Absent where everything is at hand synchronously (the browser).
   */
  load?(): Promise<void>;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // storage can be disabled (private mode, blocked cookies): behave as if empty
    return fallback;
  }
}

export function createBrowserStorage(local: Storage, session: Storage): AppStorage {
  return {
    get: (key) => safe(() => local.getItem(key), null),
    set: (key, value) => safe(() => local.setItem(key, value), undefined),
    remove: (key) => safe(() => local.removeItem(key), undefined),
    getSession: (key) => safe(() => session.getItem(key), null),
    setSession: (key, value) => safe(() => session.setItem(key, value), undefined),
    removeSession: (key) => safe(() => session.removeItem(key), undefined),
  };
}

/** The toast's title when the desktop app could keep the session in memory only. */
export const KEYCHAIN_UNAVAILABLE = 'Keychain unavailable';

function createDefaultStorage(): AppStorage {
  const browser = createBrowserStorage(window.localStorage, window.sessionStorage);
  const bridge = desktopBridge();
  if (!bridge) return browser;
  return createDesktopStorage(bridge, browser, (message) =>
    noticeOwner({ title: KEYCHAIN_UNAVAILABLE, description: message }),
  );
}

let current: AppStorage | null = null;

/** The storage in use: the browser's or the desktop app's, unless another was installed with `setStorage`. */
export function getStorage(): AppStorage {
  current ??= createDefaultStorage();
  return current;
}

export function setStorage(storage: AppStorage): void {
  current = storage;
}
