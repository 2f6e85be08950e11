/** "Open in the system browser" (checkout, billing portal, help links). */
import { IPC } from '../../shared/ipc-channels';
import { IPC_ARGS } from '../../shared/ipc-schemas';
import { handleValidated, type IpcMainLike, type TrustedSenderCheck } from './ipc-handler';

export interface ShellIpcDeps {
  ipcMain: IpcMainLike;
  isTrustedSender: TrustedSenderCheck;
  /** Checks the URL against the allow-list (services/external-links.ts) and opens it; false when refused. */
  openExternal: (url: string) => boolean | Promise<boolean>;
}

/** Registers openExternal. */
export function registerShellIpc(deps: ShellIpcDeps): void {
  handleValidated(deps.ipcMain, IPC.openExternal, {
    isTrustedSender: deps.isTrustedSender,
    args: IPC_ARGS.openExternal,
    rejected: false,
    // Anything but a literal true (a service bug) counts as refused.
    run: async (url) => (await deps.openExternal(url)) === true,
  });
}
