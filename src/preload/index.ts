/**
 * The desktop bridge: `window.tellbox`, the only way the console reaches the main process
 * (docs/security-model.md E-09). One named method per capability of DesktopBridge, each bound to its own
 * channel; no raw ipcRenderer, no generic invoke, and callbacks get data, never the IPC event.
 * Bundled to one CommonJS file for the sandbox: it imports electron and the channel names only.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge } from '../shared/desktop-bridge';
import { IPC } from '../shared/ipc-channels';

const bridge = {
  getToken: () => ipcRenderer.invoke(IPC.getToken),
  setToken: (token) => ipcRenderer.invoke(IPC.setToken, token),
  clearToken: () => ipcRenderer.invoke(IPC.clearToken),
  getServerUrl: () => ipcRenderer.invoke(IPC.getServerUrl),
  setServerUrl: (url) => ipcRenderer.invoke(IPC.setServerUrl, url),
  openExternal: (url) => ipcRenderer.invoke(IPC.openExternal, url),
  signInWithSso: () => ipcRenderer.invoke(IPC.ssoSignIn),
  onNotificationClick: (callback) => {
    const listener = (_event: IpcRendererEvent, route: unknown): void => {
      if (typeof route === 'string') callback(route);
    };
    ipcRenderer.on(IPC.notificationClick, listener);
    return () => {
      ipcRenderer.removeListener(IPC.notificationClick, listener);
    };
  },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('tellbox', bridge);
