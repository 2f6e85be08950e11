/**
 * The session token in the OS keychain (macOS Keychain, Windows Credential Vault, the Secret
 * Service on Linux) through keytar. keytar is an optional dependency that may be missing or fail
 * (no libsecret, no unlocked keyring): then the token lives in this process's memory for this run
 * only, and the owner is told. It is never written to a file (docs/security-model.md E-10).
 */
import type { TokenStoreResult } from '../../shared/desktop-bridge';

/** The part of keytar this store uses. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface CredentialStore {
  /** The token for `account` (the server's origin), or null. */
  get(account: string): Promise<string | null>;
  set(account: string, token: string): Promise<TokenStoreResult>;
  /** Removes the token from the keychain and from memory. */
  clear(account: string): Promise<void>;
}

export interface CredentialStoreOptions {
  /** Loads keytar once, on first use; a rejection means "no keychain". */
  loadKeytar?: () => Promise<Keytar>;
  /** The keychain's service name. */
  service?: string;
}

export const KEYCHAIN_UNAVAILABLE_MESSAGE =
  'The system keychain is unavailable, so you will need to log in again next time.';

/** keytar is CommonJS: a dynamic import gives its exports as `default` (and, in Node, as names too). */
async function importKeytar(): Promise<Keytar> {
  const module: Keytar & { default?: Keytar } = await import('keytar');
  return module.default ?? module;
}

/** Creates the store; nothing is loaded until the first call. */
export function createCredentialStore(options: CredentialStoreOptions = {}): CredentialStore {
  const loadKeytar = options.loadKeytar ?? importKeytar;
  const service = options.service ?? 'Tellbox';
  /** Tokens the keychain could not take: this run only. */
  const memory = new Map<string, string>();
  let keytar: Promise<Keytar | null> | undefined;

  const getKeytar = (): Promise<Keytar | null> => {
    keytar ??= loadKeytar().then(
      (loaded) => loaded,
      () => null,
    );
    return keytar;
  };

  return {
    async get(account) {
      const remembered = memory.get(account);
      if (remembered !== undefined) return remembered;
      const api = await getKeytar();
      if (!api) return null;
      try {
        return (await api.getPassword(service, account)) ?? null;
      } catch {
        return null;
      }
    },

    async set(account, token) {
      const api = await getKeytar();
      if (api) {
        try {
          await api.setPassword(service, account, token);
          memory.delete(account);
          return { stored: 'keychain' };
        } catch {
          // Locked or missing keyring: fall through to memory.
        }
      }
      memory.set(account, token);
      return { stored: 'memory', message: KEYCHAIN_UNAVAILABLE_MESSAGE };
    },

    async clear(account) {
      memory.delete(account);
      const api = await getKeytar();
      if (!api) return;
      try {
        await api.deletePassword(service, account);
      } catch {
        // Nothing more can be done here; the in-memory copy is gone either way.
      }
    },
  };
}
