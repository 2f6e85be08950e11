/**
 * The IPC channel names between the preload and the main process, one per DesktopBridge
 * capability. Constants only: the sandboxed preload imports this file, so it must stay free of
 * dependencies (argument schemas are in the main process).
 */
export const IPC = {
  getToken: 'tellbox:token:get',
  setToken: 'tellbox:token:set',
  clearToken: 'tellbox:token:clear',
  getServerUrl: 'tellbox:server-url:get',
  setServerUrl: 'tellbox:server-url:set',
  openExternal: 'tellbox:open-external',
  ssoSignIn: 'tellbox:sso:sign-in',
  /** main → renderer: a notification was clicked; the payload is a console route. */
  notificationClick: 'tellbox:notification-click',
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];
