/**
 * The desktop services on top of the core: the bridge's IPC handlers (token in the OS keychain,
 * server URL, system browser) and the feedback notifier, connected to each other so a new token
 * or server reconnects the event stream and the menu's checkbox applies at once.
 */
import type { BrowserWindow, IpcMain, Notification as ElectronNotification } from 'electron';
import { connectEventStream } from '../shared/event-stream';
import { IPC } from '../shared/ipc-channels';
import { registerCredentialsIpc } from './ipc/credentials-ipc';
import { registerServerUrlIpc } from './ipc/server-url-ipc';
import { registerShellIpc } from './ipc/shell-ipc';
import { registerSsoIpc } from './ipc/sso-ipc';
import { isTrustedSender } from './ipc/trusted-sender';
import { createCredentialStore } from './services/credential-store';
import type { ExternalLinks } from './services/external-links';
import { createFeedbackNotifier, type FeedbackNotifier } from './services/feedback-notifier';
import { createNotificationShower, type NativeNotificationClass } from './services/notifications';
import { checkServerUrl } from './services/server-url';
import type { SettingsStore } from './services/settings-store';
import { createSsoLoopback } from './services/sso-loopback';
import type { MainWindowManager } from './windows/app-lifecycle';

export interface DesktopServicesDeps {
  ipcMain: IpcMain;
  Notification: typeof ElectronNotification;
  fetch: typeof fetch;
  platform: NodeJS.Platform;
  settings: SettingsStore;
  externalLinks: ExternalLinks;
  windows: MainWindowManager<BrowserWindow>;
}

export interface DesktopServices {
  notifier: FeedbackNotifier;
  /** The menu's notifications checkbox changed (already saved in the settings store). */
  onNotificationsChange(enabled: boolean): void;
}

export function registerDesktopServices(deps: DesktopServicesDeps): DesktopServices {
  const { settings, windows } = deps;
  const credentials = createCredentialStore();
  const getToken = async () => {
    const account = settings.getServerUrl();
    return account ? credentials.get(account) : null;
  };

  const notifier = createFeedbackNotifier({
    connect: connectEventStream,
    showNotification: createNotificationShower(deps.Notification as unknown as NativeNotificationClass),
    focusWindow: () => windows.showOrCreate(),
    sendRoute: (route) => windows.get()?.webContents.send(IPC.notificationClick, route),
    isEnabled: settings.getNotificationsEnabled,
    getServerUrl: settings.getServerUrl,
    getToken,
    fetch: deps.fetch,
    // Linux notification servers read the body as markup; elsewhere it is shown as is.
    bodyMarkup: deps.platform === 'linux',
  });

  registerCredentialsIpc({
    ipcMain: deps.ipcMain,
    isTrustedSender,
    credentials,
    getAccount: settings.getServerUrl,
    onTokenChanged: () => void notifier.restart(),
  });
  registerServerUrlIpc({
    ipcMain: deps.ipcMain,
    isTrustedSender,
    getServerUrl: settings.getServerUrl,
    saveServerUrl: settings.setServerUrl,
    checkServerUrl: (url) => checkServerUrl(url, { fetch: deps.fetch }),
    onServerUrlChanged: () => void notifier.restart(),
  });
  registerShellIpc({ ipcMain: deps.ipcMain, isTrustedSender, openExternal: deps.externalLinks.openExternal });
  const sso = createSsoLoopback({
    getServerUrl: settings.getServerUrl,
    openExternal: deps.externalLinks.openExternal,
    fetch: deps.fetch,
    focusWindow: () => windows.showOrCreate(),
  });
  registerSsoIpc({ ipcMain: deps.ipcMain, isTrustedSender, signIn: sso.signIn });

  void notifier.start();
  return {
    notifier,
    // The notifier reads the setting per event; nothing to reconnect.
    onNotificationsChange: () => undefined,
  };
}
