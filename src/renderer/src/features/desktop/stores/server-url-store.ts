import { create } from 'zustand';
import type { ServerUrlResult } from '../../../../../shared/desktop-bridge';
import { desktopBridge } from '../../../lib/platform';

interface ServerUrlState {
  /** False until the desktop app has said which server it uses. */
  loaded: boolean;
  /** The Tellbox server's origin (`https://tellbox.example.com`); null before the first run's choice. */
  url: string | null;
}

/** The desktop app's Tellbox server, as its main process keeps it. */
export const useServerUrlStore = create<ServerUrlState>(() => ({ loaded: false, url: null }));

/** Said when the bridge itself failed, so the owner can simply try again. */
export const CONNECT_FAILED = 'The app could not check this address. Please try again.';

/** Asks the desktop app which server it uses (a failure counts as none yet: the first-run screen). */
export async function loadServerUrl(): Promise<void> {
  const bridge = desktopBridge();
  const url = bridge ? await bridge.getServerUrl().catch(() => null) : null;
  useServerUrlStore.setState({ loaded: true, url: typeof url === 'string' && url ? url : null });
}

/** Has the desktop app check `GET <url>/api/health` and save the URL; the answer says why not. */
export async function connectServer(url: string): Promise<ServerUrlResult> {
  const bridge = desktopBridge();
  if (!bridge) return { ok: false, message: CONNECT_FAILED };
  try {
    const result = await bridge.setServerUrl(url);
    if (result.ok) useServerUrlStore.setState({ loaded: true, url: result.url });
    return result;
  } catch {
    return { ok: false, message: CONNECT_FAILED };
  }
}
