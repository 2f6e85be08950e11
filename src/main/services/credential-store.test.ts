import { describe, expect, test, vi } from 'vitest';
import { createCredentialStore, KEYCHAIN_UNAVAILABLE_MESSAGE, type Keytar } from './credential-store';

const ACCOUNT = 'https://tellbox.example.com';
const TOKEN = 'Bearer abc_DEF-123';

/** A keytar that keeps passwords in a map, as the keychain would. */
function fakeKeytar(): Keytar & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const key = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    entries,
    getPassword: vi.fn(async (service: string, account: string) => entries.get(key(service, account)) ?? null),
    setPassword: vi.fn(async (service: string, account: string, password: string) => {
      entries.set(key(service, account), password);
    }),
    deletePassword: vi.fn(async (service: string, account: string) => entries.delete(key(service, account))),
  };
}

/** keytar loaded, but every call fails as it does without an unlocked keyring. */
function throwingKeytar(): Keytar {
  const fail = async (): Promise<never> => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  };
  return { getPassword: vi.fn(fail), setPassword: vi.fn(fail), deletePassword: vi.fn(fail) };
}

describe('credential store with a working keychain', () => {
  test('stores, reads and clears the token under service Tellbox and the server origin', async () => {
    const keytar = fakeKeytar();
    const store = createCredentialStore({ loadKeytar: async () => keytar });
    await expect(store.set(ACCOUNT, TOKEN)).resolves.toEqual({ stored: 'keychain' });
    expect(keytar.setPassword).toHaveBeenCalledWith('Tellbox', ACCOUNT, TOKEN);
    await expect(store.get(ACCOUNT)).resolves.toBe(TOKEN);
    await store.clear(ACCOUNT);
    expect(keytar.deletePassword).toHaveBeenCalledWith('Tellbox', ACCOUNT);
    await expect(store.get(ACCOUNT)).resolves.toBeNull();
    expect(keytar.entries.size).toBe(0);
  });

  test('the token is read from the keychain, so a new run (a new store) still has it', async () => {
    const keytar = fakeKeytar();
    await createCredentialStore({ loadKeytar: async () => keytar }).set(ACCOUNT, TOKEN);
    const nextRun = createCredentialStore({ loadKeytar: async () => keytar });
    await expect(nextRun.get(ACCOUNT)).resolves.toBe(TOKEN);
  });

  test('each server has its own token', async () => {
    const store = createCredentialStore({ loadKeytar: async () => fakeKeytar() });
    await store.set(ACCOUNT, TOKEN);
    await expect(store.get('http://127.0.0.1:3000')).resolves.toBeNull();
  });

  test('keytar is loaded lazily, once', async () => {
    const loadKeytar = vi.fn(async () => fakeKeytar());
    const store = createCredentialStore({ loadKeytar });
    expect(loadKeytar).not.toHaveBeenCalled();
    await store.get(ACCOUNT);
    await store.set(ACCOUNT, TOKEN);
    await store.clear(ACCOUNT);
    expect(loadKeytar).toHaveBeenCalledTimes(1);
  });

  test('the service name can be changed (the real-keychain test uses its own)', async () => {
    const keytar = fakeKeytar();
    const store = createCredentialStore({ loadKeytar: async () => keytar, service: 'Tellbox-test' });
    await store.set(ACCOUNT, TOKEN);
    expect(keytar.setPassword).toHaveBeenCalledWith('Tellbox-test', ACCOUNT, TOKEN);
  });
});

describe('credential store without a keychain', () => {
  const cases: Array<[string, () => Promise<Keytar>]> = [
    [
      'keytar is missing (the optional dependency did not install)',
      async () => Promise.reject(new Error("Cannot find package 'keytar'")),
    ],
    ['every keytar call throws (no unlocked keyring)', async () => throwingKeytar()],
  ];

  test.each(cases)('%s: the token is kept in memory for this run, and the owner is told', async (_name, loadKeytar) => {
    const store = createCredentialStore({ loadKeytar });
    await expect(store.set(ACCOUNT, TOKEN)).resolves.toEqual({
      stored: 'memory',
      message: KEYCHAIN_UNAVAILABLE_MESSAGE,
    });
    await expect(store.get(ACCOUNT)).resolves.toBe(TOKEN);
    await store.clear(ACCOUNT);
    await expect(store.get(ACCOUNT)).resolves.toBeNull();
  });

  test.each(cases)('%s: the memory copy does not outlive the run', async (_name, loadKeytar) => {
    await createCredentialStore({ loadKeytar }).set(ACCOUNT, TOKEN);
    await expect(createCredentialStore({ loadKeytar }).get(ACCOUNT)).resolves.toBeNull();
  });

  test('the message says what happens, in plain words', () => {
    expect(KEYCHAIN_UNAVAILABLE_MESSAGE).toBe(
      'The system keychain is unavailable, so you will need to log in again next time.',
    );
  });

  test('a keychain that comes back is used again, and the memory copy goes', async () => {
    const keytar = fakeKeytar();
    const setPassword = keytar.setPassword;
    let locked = true;
    keytar.setPassword = vi.fn(async (service: string, account: string, password: string) => {
      if (locked) throw new Error('The keyring is locked');
      return setPassword(service, account, password);
    });
    const store = createCredentialStore({ loadKeytar: async () => keytar });
    await expect(store.set(ACCOUNT, 'Bearer first')).resolves.toMatchObject({ stored: 'memory' });
    locked = false;
    await expect(store.set(ACCOUNT, 'Bearer second')).resolves.toEqual({ stored: 'keychain' });
    keytar.entries.clear();
    await expect(store.get(ACCOUNT)).resolves.toBeNull();
  });

  test('a memory token wins over an old keychain entry for the same server', async () => {
    const keytar = fakeKeytar();
    await keytar.setPassword('Tellbox', ACCOUNT, 'Bearer old');
    keytar.setPassword = vi.fn(async () => {
      throw new Error('The keyring is locked');
    });
    const store = createCredentialStore({ loadKeytar: async () => keytar });
    await store.set(ACCOUNT, 'Bearer new');
    await expect(store.get(ACCOUNT)).resolves.toBe('Bearer new');
  });

  test('nothing is written anywhere but the keychain: the store has no file access', async () => {
    const source = await import('node:fs/promises').then((fs) =>
      fs.readFile(new URL('./credential-store.ts', import.meta.url), 'utf8'),
    );
    expect(source).not.toMatch(/from ['"](node:)?(fs|fs\/promises|path)['"]/);
    expect(source).not.toMatch(/electron-store|localStorage|writeFile/);
  });
});
