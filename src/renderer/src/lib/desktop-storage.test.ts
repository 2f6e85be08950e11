// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createFakeDesktopBridge } from '../testing/fake-desktop-bridge';
import { createDesktopStorage, TOKEN_NOT_REMOVED, TOKEN_NOT_SAVED } from './desktop-storage';
import { createBrowserStorage } from './storage';

const TOKEN = 'Bearer s3cr3t-token-value';

/** Everything this page keeps on disk or in cookies, as one string to search. */
function everythingStored(): string {
  const dump = (store: Storage) =>
    Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i) ?? '')}`);
  return [...dump(window.localStorage), ...dump(window.sessionStorage), document.cookie].join('\n');
}

function setup(options: Parameters<typeof createFakeDesktopBridge>[0] = {}) {
  const fake = createFakeDesktopBridge(options);
  const warn = vi.fn<(message: string) => void>();
  const base = createBrowserStorage(window.localStorage, window.sessionStorage);
  return { ...fake, warn, storage: createDesktopStorage(fake.bridge, base, warn) };
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  delete window.tellbox;
  vi.resetModules();
});

describe('desktop storage', () => {
  test('the token is kept in memory and in the keychain, never in local or session storage', async () => {
    const { storage, bridge, keychain } = setup();
    storage.set('token', TOKEN);
    expect(storage.get('token')).toBe(TOKEN);
    await vi.waitFor(() => expect(keychain.token).toBe(TOKEN));
    expect(bridge.setToken).toHaveBeenCalledExactlyOnceWith(TOKEN);
    expect(everythingStored()).not.toContain('s3cr3t');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  test('the user, the cookie choice and the selected plan are stored as in the browser', () => {
    const { storage, bridge } = setup();
    storage.set('user', '{"id":"u1"}');
    storage.set('cookieConsent', 'accepted');
    storage.setSession('selectedPlan', 'pro');
    expect(window.localStorage.getItem('user')).toBe('{"id":"u1"}');
    expect(window.localStorage.getItem('cookieConsent')).toBe('accepted');
    expect(window.sessionStorage.getItem('selectedPlan')).toBe('pro');
    expect(storage.get('user')).toBe('{"id":"u1"}');
    storage.remove('user');
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(bridge.setToken).not.toHaveBeenCalled();
    expect(bridge.clearToken).not.toHaveBeenCalled();
  });

  test('removing the token clears the keychain', async () => {
    const { storage, bridge, keychain } = setup({ token: TOKEN });
    await storage.load?.();
    expect(storage.get('token')).toBe(TOKEN);
    storage.remove('token');
    expect(storage.get('token')).toBeNull();
    await vi.waitFor(() => expect(bridge.clearToken).toHaveBeenCalledOnce());
    expect(keychain.token).toBeNull();
  });

  test('at start the token is read from the keychain; until then there is none', async () => {
    const { storage, bridge } = setup({ token: TOKEN });
    expect(storage.get('token')).toBeNull();
    await storage.load?.();
    expect(bridge.getToken).toHaveBeenCalledOnce();
    expect(storage.get('token')).toBe(TOKEN);
  });

  test('a keychain read answering after a login or logout does not undo it', async () => {
    const { storage, bridge } = setup();
    let answer: (token: string | null) => void = () => undefined;
    bridge.getToken.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = storage.load?.();
    storage.set('token', TOKEN);
    answer('Bearer older');
    await loading;
    expect(storage.get('token')).toBe(TOKEN);
  });

  test('a failing keychain read means no session', async () => {
    const { storage, bridge } = setup();
    bridge.getToken.mockRejectedValue(new Error('locked'));
    await storage.load?.();
    expect(storage.get('token')).toBeNull();
  });

  test('keychain writes happen in order: a logout right after a login ends cleared', async () => {
    const { storage, bridge, keychain } = setup();
    let finishSet: () => void = () => undefined;
    bridge.setToken.mockImplementation(
      (token) =>
        new Promise((resolve) => {
          finishSet = () => {
            keychain.token = token;
            resolve({ stored: 'keychain' });
          };
        }),
    );
    storage.set('token', TOKEN);
    storage.remove('token');
    await vi.waitFor(() => expect(bridge.setToken).toHaveBeenCalledOnce());
    expect(bridge.clearToken).not.toHaveBeenCalled();
    finishSet();
    await vi.waitFor(() => expect(bridge.clearToken).toHaveBeenCalledOnce());
    expect(keychain.token).toBeNull();
  });

  test('when the keychain is unavailable the owner is told the bridge’s message, once', async () => {
    const message = 'The system keychain is unavailable: you stay logged in until you close the app.';
    const { storage, warn } = setup({ tokenStore: { stored: 'memory', message } });
    storage.set('token', TOKEN);
    storage.set('token', 'Bearer after-password-change');
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).toHaveBeenCalledExactlyOnceWith(message);
    expect(storage.get('token')).toBe('Bearer after-password-change');
    expect(everythingStored()).not.toContain('after-password-change');
  });

  test('a keychain that is found needs no warning', async () => {
    const { storage, warn, bridge } = setup();
    storage.set('token', TOKEN);
    await vi.waitFor(() => expect(bridge.setToken).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).not.toHaveBeenCalled();
  });

  test('a failing bridge is said too: storing and removing', async () => {
    const { storage, warn, bridge } = setup();
    bridge.setToken.mockRejectedValue(new Error('ipc'));
    bridge.clearToken.mockRejectedValue(new Error('ipc'));
    storage.set('token', TOKEN);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(TOKEN_NOT_SAVED));
    storage.remove('token');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(TOKEN_NOT_REMOVED));
  });

  test('a token an older browser build left in localStorage is removed', () => {
    window.localStorage.setItem('token', TOKEN);
    setup();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('getStorage', () => {
  test('in the browser the token is in localStorage, as docs/product.md §3 says', async () => {
    const { getStorage } = await import('./storage');
    getStorage().set('token', TOKEN);
    expect(window.localStorage.getItem('token')).toBe(TOKEN);
  });

  test('in the desktop app it is the desktop storage, and its warning becomes an owner notice', async () => {
    const message = 'Kept in memory only.';
    const fake = createFakeDesktopBridge({ tokenStore: { stored: 'memory', message } });
    window.tellbox = fake.bridge;
    const { getStorage, KEYCHAIN_UNAVAILABLE } = await import('./storage');
    const { onOwnerNotice } = await import('./platform');
    const notices: unknown[] = [];
    const stop = onOwnerNotice((notice) => notices.push(notice));
    getStorage().set('token', TOKEN);
    await vi.waitFor(() => expect(notices).toEqual([{ title: KEYCHAIN_UNAVAILABLE, description: message }]));
    stop();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(fake.keychain.token).toBe(TOKEN);
  });
});
