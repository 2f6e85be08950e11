/** The session token's channels: read, store and clear it in the credential store. */
import type { TokenStoreResult } from '../../shared/desktop-bridge';
import { IPC } from '../../shared/ipc-channels';
import { IPC_ARGS } from '../../shared/ipc-schemas';
import type { CredentialStore } from '../services/credential-store';
import { handleValidated, type IpcMainLike, type TrustedSenderCheck } from './ipc-handler';

export interface CredentialsIpcDeps {
  ipcMain: IpcMainLike;
  isTrustedSender: TrustedSenderCheck;
  credentials: CredentialStore;
  /** The keychain account: the server's origin, so each server keeps its own session. Null before the first run's choice. */
  getAccount: () => string | null;
  /** After the token was stored or cleared (the notifier reconnects or stops). */
  onTokenChanged?: () => void;
}

/**
 * A refused setToken: TokenStoreResult has no failure case, and "kept for this run at most" is
 * what the console must tell the owner, who will have to log in again.
 */
export const TOKEN_NOT_KEPT: TokenStoreResult = {
  stored: 'memory',
  message: 'Your session could not be kept, so you will need to log in again next time.',
};

/** Registers getToken, setToken and clearToken. */
export function registerCredentialsIpc(deps: CredentialsIpcDeps): void {
  const { ipcMain, isTrustedSender, credentials, getAccount } = deps;

  handleValidated(ipcMain, IPC.getToken, {
    isTrustedSender,
    args: IPC_ARGS.getToken,
    rejected: null,
    run: async () => {
      const account = getAccount();
      return account ? credentials.get(account) : null;
    },
  });

  handleValidated(ipcMain, IPC.setToken, {
    isTrustedSender,
    args: IPC_ARGS.setToken,
    rejected: TOKEN_NOT_KEPT,
    run: async (token) => {
      const account = getAccount();
      if (!account) return TOKEN_NOT_KEPT;
      const result = await credentials.set(account, token);
      deps.onTokenChanged?.();
      return result;
    },
  });

  handleValidated(ipcMain, IPC.clearToken, {
    isTrustedSender,
    args: IPC_ARGS.clearToken,
    rejected: undefined,
    run: async () => {
      const account = getAccount();
      if (account) await credentials.clear(account);
      deps.onTokenChanged?.();
    },
  });
}
