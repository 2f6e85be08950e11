import { vi } from 'vitest';
import type { DesktopBridge, ServerUrlResult, TokenStoreResult } from '../../../shared/desktop-bridge';

/** A DesktopBridge of vi.fn()s with a keychain in a variable, and a way to click a notification. */
export interface FakeDesktopBridge {
  bridge: DesktopBridge & {
    getToken: ReturnType<typeof vi.fn<DesktopBridge['getToken']>>;
    setToken: ReturnType<typeof vi.fn<DesktopBridge['setToken']>>;
    clearToken: ReturnType<typeof vi.fn<DesktopBridge['clearToken']>>;
    getServerUrl: ReturnType<typeof vi.fn<DesktopBridge['getServerUrl']>>;
    setServerUrl: ReturnType<typeof vi.fn<DesktopBridge['setServerUrl']>>;
    openExternal: ReturnType<typeof vi.fn<DesktopBridge['openExternal']>>;
    signInWithSso: ReturnType<typeof vi.fn<DesktopBridge['signInWithSso']>>;
  };
  /** What the fake keychain holds. */
  keychain: { token: string | null };
  /** Calls every subscribed notification-click callback with `route`. */
  clickNotification(route: string): void;
  /** How many notification-click callbacks are subscribed now. */
  listenerCount(): number;
}

export function createFakeDesktopBridge(
  options: { token?: string | null; serverUrl?: string | null; tokenStore?: TokenStoreResult } = {},
): FakeDesktopBridge {
  const keychain = { token: options.token ?? null };
  let serverUrl = options.serverUrl === undefined ? 'https://tellbox.example.com' : options.serverUrl;
  const listeners = new Set<(route: string) => void>();
  const bridge = {
    getToken: vi.fn(() => Promise.resolve(keychain.token)),
    setToken: vi.fn((token: string) => {
      keychain.token = token;
      return Promise.resolve(options.tokenStore ?? ({ stored: 'keychain' } as const));
    }),
    clearToken: vi.fn(() => {
      keychain.token = null;
      return Promise.resolve();
    }),
    getServerUrl: vi.fn(() => Promise.resolve(serverUrl)),
    setServerUrl: vi.fn((url: string): Promise<ServerUrlResult> => {
      serverUrl = url;
      return Promise.resolve({ ok: true, url });
    }),
    openExternal: vi.fn(() => Promise.resolve(true)),
    signInWithSso: vi.fn<DesktopBridge['signInWithSso']>(() => Promise.resolve({ ok: false, error: 'cancelled' })),
    onNotificationClick: (callback: (route: string) => void) => {
      listeners.add(callback);
      return () => void listeners.delete(callback);
    },
  };
  return {
    bridge,
    keychain,
    clickNotification: (route) => listeners.forEach((listener) => listener(route)),
    listenerCount: () => listeners.size,
  };
}
