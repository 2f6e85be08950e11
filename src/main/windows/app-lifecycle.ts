/**
 * One main window for the app's lifetime: a second launch focuses it, closing it quits (except on
 * macOS, where the app stays in the dock and its icon opens a new one), and console routes are
 * shown in it on request (the menu's "Change Tellbox server…").
 */
import { appRouteUrl } from '../protocol/app-origin';

/** The part of Electron's BrowserWindow managed here. */
export interface ManagedWindow {
  on(event: 'closed', listener: () => void): unknown;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  webContents: { loadURL(url: string): Promise<void> };
}

export interface MainWindowManager<W extends ManagedWindow> {
  /** The open main window, or null. */
  get(): W | null;
  /** Brings the main window to the front, creating it when there is none. */
  showOrCreate(): W;
  /** Shows `route` (`/setup-server`) in the main window, over `app://tellbox`. */
  showRoute(route: string): void;
}

export interface MainWindowManagerDeps<W extends ManagedWindow> {
  /** Creates the window (windows/main-window.ts). */
  openWindow: () => W;
  /** Told when a route fails to load (never throws). */
  onLoadError?: (error: unknown) => void;
}

export function createMainWindowManager<W extends ManagedWindow>(deps: MainWindowManagerDeps<W>): MainWindowManager<W> {
  let current: W | null = null;

  const get = () => (current && !current.isDestroyed() ? current : null);

  function showOrCreate(): W {
    const existing = get();
    if (existing) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return existing;
    }
    const created = deps.openWindow();
    current = created;
    created.on('closed', () => {
      if (current === created) current = null;
    });
    return created;
  }

  return {
    get,
    showOrCreate,
    showRoute(route) {
      const url = appRouteUrl(route);
      showOrCreate()
        .webContents.loadURL(url)
        .catch((error: unknown) => deps.onLoadError?.(error));
    },
  };
}

/** The part of Electron's app the lifecycle listens to. */
export interface LifecycleApp {
  on(event: 'second-instance' | 'window-all-closed' | 'activate', listener: () => void): unknown;
  quit(): void;
}

export interface AppLifecycleDeps {
  app: LifecycleApp;
  platform: NodeJS.Platform;
  windows: Pick<MainWindowManager<ManagedWindow>, 'showOrCreate'>;
}

/** Second launches, closing the last window, and the macOS dock icon. */
export function installAppLifecycle(deps: AppLifecycleDeps): void {
  // The single-instance lock sends a second launch here: focus the window it meant to open.
  deps.app.on('second-instance', () => deps.windows.showOrCreate());
  deps.app.on('window-all-closed', () => {
    if (deps.platform !== 'darwin') deps.app.quit();
  });
  deps.app.on('activate', () => deps.windows.showOrCreate());
}
