/**
 * The desktop app's settings (server URL, notifications on/off, window bounds) in electron-store,
 * a JSON file in the app's userData folder. Every value is checked with zod when read: a value
 * that is missing, hand-edited or left by another version falls back to its default instead of
 * reaching the rest of the app. The session token is never stored here (it lives in the keychain).
 */
import Store from 'electron-store';
import { z } from 'zod';

/** The main window's last normal (not maximised) bounds, and whether it was maximised. */
export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface SettingsStore {
  /** The Tellbox server's origin (`https://tellbox.example.com`); null before the first run's choice. */
  getServerUrl(): string | null;
  /** Saves an http(s) origin (already checked by services/server-url.ts), or null to forget it. */
  setServerUrl(url: string | null): void;
  getNotificationsEnabled(): boolean;
  setNotificationsEnabled(enabled: boolean): void;
  getWindowBounds(): WindowBounds | null;
  setWindowBounds(bounds: WindowBounds): void;
}

/** Where the values live: electron-store in the app, a Map in tests. */
export interface SettingsBackend {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

export const SETTINGS_KEYS = {
  serverUrl: 'serverUrl',
  notificationsEnabled: 'notificationsEnabled',
  windowBounds: 'windowBounds',
} as const;

/** True for an http(s) URL that is exactly an origin (no credentials, path, query or fragment). */
function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

const serverUrlSchema = z.string().max(2048).refine(isHttpOrigin).nullable();
const notificationsSchema = z.boolean();
/** Generous limits: a window is at least a title bar, and no display is a million pixels wide. */
const coordinate = z.number().int().min(-100_000).max(100_000);
const length = z.number().int().min(100).max(100_000);
const windowBoundsSchema = z.object({
  x: coordinate,
  y: coordinate,
  width: length,
  height: length,
  maximized: z.boolean().default(false),
});

export const SETTINGS_DEFAULTS = {
  serverUrl: null,
  notificationsEnabled: true,
  windowBounds: null,
} as const;

/** The value under `key` if it passes `schema`, else `fallback`. */
function read<T>(backend: SettingsBackend, key: string, schema: z.ZodType<T>, fallback: T): T {
  let stored: unknown;
  try {
    stored = backend.get(key);
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(stored);
  return parsed.success ? parsed.data : fallback;
}

/** Refuses to write a value the reader would throw away: a bug here must not pass silently. */
function write<T>(backend: SettingsBackend, key: string, schema: z.ZodType<T>, value: T): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new TypeError(`Refusing to save an invalid ${key}`);
  backend.set(key, parsed.data);
}

export function createSettingsStore(backend: SettingsBackend): SettingsStore {
  const { serverUrl, notificationsEnabled, windowBounds } = SETTINGS_KEYS;
  return {
    getServerUrl: () => read(backend, serverUrl, serverUrlSchema, SETTINGS_DEFAULTS.serverUrl),
    setServerUrl: (url) => write(backend, serverUrl, serverUrlSchema, url),
    getNotificationsEnabled: () =>
      read(backend, notificationsEnabled, notificationsSchema, SETTINGS_DEFAULTS.notificationsEnabled),
    setNotificationsEnabled: (enabled) => write(backend, notificationsEnabled, notificationsSchema, enabled),
    getWindowBounds: () => read(backend, windowBounds, windowBoundsSchema, SETTINGS_DEFAULTS.windowBounds),
    setWindowBounds: (bounds) => write(backend, windowBounds, windowBoundsSchema, bounds),
  };
}

export interface SettingsFileOptions {
  /** An absolute folder; Electron's userData folder when omitted. */
  cwd?: string;
}

/**
 * The electron-store file `settings.json`. A file that is not valid JSON is cleared rather than
 * stopping the app: it holds nothing the owner cannot set again in a minute.
 */
export function openSettingsBackend(options: SettingsFileOptions = {}): SettingsBackend {
  const store = new Store<Record<string, unknown>>({
    name: 'settings',
    clearInvalidConfig: true,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
  };
}
