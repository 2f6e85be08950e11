/**
 * What the console may ask of the desktop app: `window.tellbox`, exposed by the preload
 * (src/preload) and absent in the browser. Type-only, so every side imports it without code.
 * The list is short on purpose (docs/security-model.md E-09): nothing here is a generic IPC pipe.
 */
import type { LoginResponse } from './api';
import type { SsoErrorCode } from './sso';

/** Storing the token in the OS keychain worked, or the keychain is unavailable (kept in memory only). */
export type TokenStoreResult = { stored: 'keychain' } | { stored: 'memory'; message: string };

/**
 * A single sign-on through the system browser: the session (as a password login answers), or why
 * not (`cancelled` when another sign-in took its place, and there is nothing to tell the owner).
 */
export type SsoSignInResult = { ok: true; login: LoginResponse } | { ok: false; error: SsoErrorCode | 'cancelled' };

/** Setting the server URL: saved after its `GET /api/health` answered, or why not. */
export type ServerUrlResult = { ok: true; url: string } | { ok: false; message: string };

export interface DesktopBridge {
  /** The session token as the console stores it (`'Bearer …'`), read from the keychain; null when none. */
  getToken(): Promise<string | null>;
  /** Keeps the token in the OS keychain (or, when it is unavailable, in the main process's memory only). */
  setToken(token: string): Promise<TokenStoreResult>;
  /** Removes the token (logout, account deletion, password change replaces it with setToken). */
  clearToken(): Promise<void>;
  /** The Tellbox server this app talks to (`https://tellbox.example.com`); null before the first run's choice. */
  getServerUrl(): Promise<string | null>;
  /** Checks `GET <url>/api/health`, then saves the URL. */
  setServerUrl(url: string): Promise<ServerUrlResult>;
  /** Opens an `https:` URL (or `http:` on a loopback server) in the system browser; false when refused. */
  openExternal(url: string): Promise<boolean>;
  /**
   * Signs in with the server's single sign-on in the system browser, coming back through a
   * loopback address (RFC 8252); resolves once the browser is done (or after 10 minutes).
   */
  signInWithSso(): Promise<SsoSignInResult>;
  /**
   * Calls back with the console route to show (`/feedback?widget=…`) when a notification is
   * clicked. Returns unsubscribe.
   */
  onNotificationClick(callback: (route: string) => void): () => void;
}
