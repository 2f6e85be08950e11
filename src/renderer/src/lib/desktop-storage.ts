/**
 * The desktop app's storage (issue 7, docs/security-model.md E-10): the session token never touches
 * localStorage, sessionStorage, cookies or IndexedDB. It lives in this page's memory and in the OS
 * keychain, through the bridge; everything else is kept as in the browser (`base`).
 */
import type { DesktopBridge } from '../../../shared/desktop-bridge';
import type { AppStorage } from './storage';

/** Said when the bridge itself failed to store: the token then lasts as long as this window. */
export const TOKEN_NOT_SAVED =
  'Your session could not be saved in the system keychain, so you will need to log in again after closing the app.';
/** Said when the bridge failed to remove it: the owner may want to remove it by hand. */
export const TOKEN_NOT_REMOVED = 'Your session could not be removed from the system keychain.';

/**
 * `base` keeps `user`, `cookieConsent` and `selectedPlan`; `warn` tells the owner, once, that the
 * token is kept in memory only (the bridge's message).
 */
export function createDesktopStorage(
  bridge: DesktopBridge,
  base: AppStorage,
  warn: (message: string) => void,
): AppStorage {
  let token: string | null = null;
  // Set once the session changed here: a keychain read that answers later must not undo it.
  let changed = false;
  let warned = false;
  // One keychain write at a time, in order: a logout right after a login must end cleared.
  let writes: Promise<void> = Promise.resolve();

  const warnOnce = (message: string) => {
    if (warned) return;
    warned = true;
    warn(message);
  };
  const write = (step: () => Promise<void>, onFailure: () => void) => {
    writes = writes.then(step).catch(onFailure);
  };

  // A token a browser build once left here (same origin, older version) must not stay on disk.
  base.remove('token');

  return {
    get: (key) => (key === 'token' ? token : base.get(key)),
    set: (key, value) => {
      if (key !== 'token') return base.set(key, value);
      token = value;
      changed = true;
      write(
        async () => {
          const result = await bridge.setToken(value);
          if (result.stored === 'memory') warnOnce(result.message);
        },
        () => warnOnce(TOKEN_NOT_SAVED),
      );
    },
    remove: (key) => {
      if (key !== 'token') return base.remove(key);
      token = null;
      changed = true;
      write(
        () => bridge.clearToken(),
        () => warn(TOKEN_NOT_REMOVED),
      );
    },
    getSession: (key) => base.getSession(key),
    setSession: (key, value) => base.setSession(key, value),
    removeSession: (key) => base.removeSession(key),
    load: async () => {
      const stored = await bridge.getToken().catch(() => null);
      if (!changed) token = typeof stored === 'string' && stored ? stored : null;
    },
  };
}
