/**
 * The token in the real OS keychain: keytar (the compiled module, through the credential store's
 * default loader) against gnome-keyring's Secret Service. Run by `npm run test:keychain`, which
 * starts a private D-Bus session with an unlocked keyring (tests/desktop/run-keychain-test.sh);
 * the plain `npm test` has no keyring and does not include this file.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { createCredentialStore } from '../../src/main/services/credential-store';

const run = promisify(execFile);

// A service name of its own, so the test never touches a real "Tellbox" entry.
const SERVICE = `Tellbox-test-${randomBytes(4).toString('hex')}`;
const ACCOUNT = 'http://127.0.0.1:3000';
const TOKEN = `Bearer ${randomBytes(32).toString('base64url')}`;

/** What the Secret Service itself holds (libsecret's secret-tool), independent of keytar and our code. */
async function secretToolLookup(service: string, account: string): Promise<string | null> {
  try {
    const { stdout } = await run('secret-tool', ['lookup', 'service', service, 'account', account]);
    return stdout;
  } catch {
    return null; // secret-tool exits 1 when there is no such item
  }
}

afterAll(async () => {
  await createCredentialStore({ service: SERVICE }).clear(ACCOUNT);
});

describe('the session token in the OS keychain (gnome-keyring)', () => {
  test('a D-Bus session with a keyring is there (otherwise this run is not testing anything)', () => {
    expect(process.env.DBUS_SESSION_BUS_ADDRESS, 'run through npm run test:keychain').toBeTruthy();
  });

  test('stores the token in the keychain, not in memory', async () => {
    const store = createCredentialStore({ service: SERVICE });
    await expect(store.set(ACCOUNT, TOKEN)).resolves.toEqual({ stored: 'keychain' });
  });

  test('the Secret Service holds it under the service and the server origin', async () => {
    await expect(secretToolLookup(SERVICE, ACCOUNT)).resolves.toBe(TOKEN);
  });

  test('a new store (as in the next run of the app) reads it back from the keychain', async () => {
    const nextRun = createCredentialStore({ service: SERVICE });
    await expect(nextRun.get(ACCOUNT)).resolves.toBe(TOKEN);
    await expect(nextRun.get('https://other.example.com')).resolves.toBeNull();
  });

  test('replacing the token (password change) overwrites the entry', async () => {
    const store = createCredentialStore({ service: SERVICE });
    const replacement = `Bearer ${randomBytes(32).toString('base64url')}`;
    await expect(store.set(ACCOUNT, replacement)).resolves.toEqual({ stored: 'keychain' });
    await expect(createCredentialStore({ service: SERVICE }).get(ACCOUNT)).resolves.toBe(replacement);
    await store.set(ACCOUNT, TOKEN);
  });

  test('clearing it (logout) removes it from the keychain', async () => {
    await expect(secretToolLookup(SERVICE, ACCOUNT)).resolves.toBe(TOKEN);
    const store = createCredentialStore({ service: SERVICE });
    await store.clear(ACCOUNT);
    await expect(createCredentialStore({ service: SERVICE }).get(ACCOUNT)).resolves.toBeNull();
    await expect(secretToolLookup(SERVICE, ACCOUNT)).resolves.toBeNull();
  });

  test('clearing a token that is not there is harmless', async () => {
    await expect(createCredentialStore({ service: SERVICE }).clear(ACCOUNT)).resolves.toBeUndefined();
  });
});
