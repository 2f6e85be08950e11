/**
 * The one BrowserWindow factory (docs/architecture.md, "Code conventions" 9,
 * docs/security-model.md E-01): every isolation setting spelled out, the sandboxed CommonJS
 * preload, shown only once painted, and the renderer loaded over `app://tellbox/`.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL } from '../protocol/app-origin';
import { MIN_WINDOW_SIZE, type InitialWindowState, type WindowState } from '../services/window-state';

export const WINDOW_TITLE = 'Tellbox';
/** The renderer's background, painted before the first frame so the window does not flash. */
export const WINDOW_BACKGROUND = '#ffffff';

export interface MainWindowOptionsInput {
  /** Absolute path to the built preload, `out/preload/index.cjs`. */
  preloadPath: string;
  bounds: InitialWindowState;
  /** Packaged builds have no devtools. */
  isPackaged: boolean;
}

/** The window's options: a pure function so every value can be tested. */
export function buildMainWindowOptions(input: MainWindowOptionsInput): BrowserWindowConstructorOptions {
  const { bounds } = input;
  return {
    width: bounds.width,
    height: bounds.height,
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : { center: true }),
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: WINDOW_TITLE,
    backgroundColor: WINDOW_BACKGROUND,
    // Shown on ready-to-show, once the first frame is painted.
    show: false,
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: !input.isPackaged,
      // Off: on Windows and Linux Chromium downloads its dictionaries from Google's servers, a
      // request the app otherwise never makes, and without a context menu of our own the owner
      // would get red underlines but no suggestions.
      spellcheck: false,
    },
  };
}

/** The part of Electron's BrowserWindow the factory drives. */
export interface MainWindowLike {
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  maximize(): void;
  loadURL(url: string): Promise<void>;
}

export interface MainWindowDeps<W extends MainWindowLike> {
  /** `(options) => new BrowserWindow(options)`. */
  createWindow: (options: BrowserWindowConstructorOptions) => W;
  windowState: Pick<WindowState, 'initial'> & { track(window: W): void };
  preloadPath: string;
  isPackaged: boolean;
  /** Told when the renderer fails to load (never throws). */
  onLoadError?: (error: unknown) => void;
}

/** Creates, tracks and loads the main window. */
export function createMainWindow<W extends MainWindowLike>(deps: MainWindowDeps<W>): W {
  const bounds = deps.windowState.initial();
  const window = deps.createWindow(
    buildMainWindowOptions({ preloadPath: deps.preloadPath, bounds, isPackaged: deps.isPackaged }),
  );
  deps.windowState.track(window);
  window.once('ready-to-show', () => {
    if (bounds.maximized) window.maximize();
    window.show();
  });
  window.loadURL(APP_ENTRY_URL).catch((error: unknown) => deps.onLoadError?.(error));
  return window;
}
