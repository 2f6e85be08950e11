/** "Sign in with <provider>" in the desktop app: the loopback sign-in of services/sso-loopback.ts. */
import type { SsoSignInResult } from '../../shared/desktop-bridge';
import { IPC } from '../../shared/ipc-channels';
import { IPC_ARGS } from '../../shared/ipc-schemas';
import { handleValidated, type IpcMainLike, type TrustedSenderCheck } from './ipc-handler';

export interface SsoIpcDeps {
  ipcMain: IpcMainLike;
  isTrustedSender: TrustedSenderCheck;
  signIn: () => Promise<SsoSignInResult>;
}

/** What a refused or failed call answers: the owner is told the sign-in failed. */
const REFUSED: SsoSignInResult = { ok: false, error: 'failed' };

/** Registers signInWithSso. */
export function registerSsoIpc(deps: SsoIpcDeps): void {
  handleValidated(deps.ipcMain, IPC.ssoSignIn, {
    isTrustedSender: deps.isTrustedSender,
    args: IPC_ARGS.ssoSignIn,
    rejected: REFUSED,
    run: () => deps.signIn(),
  });
}
