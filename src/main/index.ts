/**
 * Electron main process: lifecycle only, and the one file that imports everything. Before ready:
 * the `app:` scheme and the single-instance lock. On ready: settings, security rules, the
 * `app://tellbox` protocol, the main window, the menu, and the desktop services' seam.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, net, Notification, protocol, screen, session, shell } from 'electron';
import { registerDesktopServices } from './desktop-services';
import { buildAppMenuTemplate } from './menu/app-menu';
import { APP_SCHEME } from './protocol/app-origin';
import { createAppProtocolHandler, registerAppScheme } from './protocol/app-protocol';
import { installSecurity } from './security';
import { createExternalLinks } from './services/external-links';
import { createSettingsStore, openSettingsBackend } from './services/settings-store';
import { createWindowState } from './services/window-state';
import { createMainWindowManager, installAppLifecycle } from './windows/app-lifecycle';
import { createMainWindow } from './windows/main-window';

/** The build's output folder: this file is `out/main/index.js`. */
const OUT_DIR = path.join(import.meta.dirname, '..');
/** The sandboxed preload must be CommonJS (electron.vite.config.ts builds it as `.cjs`). */
const PRELOAD_PATH = path.join(OUT_DIR, 'preload', 'index.cjs');
const RENDERER_DIR = path.join(OUT_DIR, 'renderer');

function log(message: string): void {
  console.warn(`[tellbox] ${message}`);
}

function start(): void {
  // Windows shows notifications only for an app with this id (the installer's appId).
  if (process.platform === 'win32') app.setAppUserModelId('app.tellbox.desktop');
  const settings = createSettingsStore(openSettingsBackend());
  const externalLinks = createExternalLinks({
    shell,
    getServerUrl: settings.getServerUrl,
    onRefused: (reason) => log(`Not opened in the system browser: ${reason}`),
  });
  // Before any window exists, so every web contents gets the rules.
  installSecurity({ app, session: session.defaultSession, openExternal: externalLinks.openExternal, log });
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererDir: RENDERER_DIR,
      readFile: (filePath) => readFile(filePath),
      getServerUrl: settings.getServerUrl,
      fetch: (url, init) => net.fetch(url, init),
    }),
  );

  const windowState = createWindowState({ store: settings, screen });
  const onLoadError = (error: unknown) => log(`The console did not load: ${String(error)}`);
  const windows = createMainWindowManager<BrowserWindow>({
    openWindow: () =>
      createMainWindow<BrowserWindow>({
        createWindow: (options) => new BrowserWindow(options),
        windowState,
        preloadPath: PRELOAD_PATH,
        isPackaged: app.isPackaged,
        onLoadError,
      }),
    onLoadError,
  });

  const services = registerDesktopServices({
    ipcMain,
    Notification,
    // net.fetch takes a string or Request; a URL object is passed as its string.
    fetch: (url, init) => net.fetch(url instanceof URL ? url.href : url, init),
    platform: process.platform,
    settings,
    externalLinks,
    windows,
  });
  app.on('before-quit', () => services.notifier.stop());
  const template = buildAppMenuTemplate({
    platform: process.platform,
    appName: app.name,
    isPackaged: app.isPackaged,
    settings,
    onNotificationsChange: services.onNotificationsChange,
    showRoute: windows.showRoute,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  installAppLifecycle({ app, platform: process.platform, windows });
  windows.showOrCreate();
}

// Privileged schemes must be registered before the app is ready.
registerAppScheme(protocol);

if (!app.requestSingleInstanceLock()) {
  // Another instance is running; it focuses its window (the `second-instance` event).
  app.quit();
} else {
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('[tellbox] The app could not start:', error);
      app.quit();
    });
}
