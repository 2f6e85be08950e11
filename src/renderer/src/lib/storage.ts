/**
 * Where the session and small choices are kept. The browser uses localStorage and
 * sessionStorage with the spec's keys; the desktop app will supply its own implementation.
 */
export type LocalKey = 'user' | 'token' | 'cookieConsent';
export type SessionKey = 'selectedPlan';

export interface AppStorage {
  get(key: LocalKey): string | null;
  set(key: LocalKey, value: string): void;
  remove(key: LocalKey): void;
  getSession(key: SessionKey): string | null;
  setSession(key: SessionKey, value: string): void;
  removeSession(key: SessionKey): void;
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

let current: AppStorage | null = null;

/** The storage in use: the browser's unless another was installed with `setStorage`. */
export function getStorage(): AppStorage {
  current ??= createBrowserStorage(window.localStorage, window.sessionStorage);
  return current;
}

export function setStorage(storage: AppStorage): void {
  current = storage;
}
