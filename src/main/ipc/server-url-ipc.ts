/** The server URL's channels: read it, and set it once its health check answered. */
import type { ServerUrlResult } from '../../shared/desktop-bridge';
import { IPC } from '../../shared/ipc-channels';
import { IPC_ARGS } from '../../shared/ipc-schemas';
import { handleValidated, type IpcMainLike, type TrustedSenderCheck } from './ipc-handler';

export interface ServerUrlIpcDeps {
  ipcMain: IpcMainLike;
  isTrustedSender: TrustedSenderCheck;
  /** The saved server URL (settings store); null before the first run's choice. */
  getServerUrl: () => string | null;
  saveServerUrl: (url: string) => void;
  /** normaliseServerUrl + `GET /api/health` (services/server-url.ts), with fetch and a timeout bound. */
  checkServerUrl: (url: string) => Promise<ServerUrlResult>;
  /** After a new URL was saved (the notifier reconnects). */
  onServerUrlChanged?: (url: string) => void;
}

export const SERVER_URL_REFUSED: ServerUrlResult = { ok: false, message: 'That server address cannot be used.' };

/** Registers getServerUrl and setServerUrl. */
export function registerServerUrlIpc(deps: ServerUrlIpcDeps): void {
  const { ipcMain, isTrustedSender } = deps;

  handleValidated(ipcMain, IPC.getServerUrl, {
    isTrustedSender,
    args: IPC_ARGS.getServerUrl,
    rejected: null,
    run: () => deps.getServerUrl(),
  });

  handleValidated(ipcMain, IPC.setServerUrl, {
    isTrustedSender,
    args: IPC_ARGS.setServerUrl,
    rejected: SERVER_URL_REFUSED,
    run: async (input) => {
      const result = await deps.checkServerUrl(input);
      if (!result.ok) return result;
      // Only the checked, normalised origin is saved, never the raw input.
      const changed = deps.getServerUrl() !== result.url;
      deps.saveServerUrl(result.url);
      if (changed) deps.onServerUrlChanged?.(result.url);
      return result;
    },
  });
}
