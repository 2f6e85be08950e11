/**
 * The lifecycle wiring, with Electron mocked (index.ts is the one file that must import it): what
 * happens before ready, what ready sets up and in which order, and the single-instance lock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SettingsStoreModule from './services/settings-store';

const electron = vi.hoisted(() => {
  const calls: string[] = [];
  type Listener = (...args: unknown[]) => void;

  function emitter() {
    const listeners = new Map<string, Listener[]>();
    return {
      listeners,
      on(event: string, listener: Listener) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        return this;
      },
      once(event: string, listener: Listener) {
        return this.on(event, listener);
      },
      emit(event: string, ...args: unknown[]) {
        for (const listener of listeners.get(event) ?? []) listener(...args);
      },
    };
  }

  let readyResolve: () => void = () => undefined;
  const state = { lock: true, ready: Promise.resolve() };
  /** A fresh `app.whenReady()` promise that the test resolves. */
  function resetReady() {
    state.ready = new Promise<void>((resolve) => (readyResolve = resolve));
  }

  const app = Object.assign(emitter(), {
    name: 'Tellbox',
    isPackaged: true,
    requestSingleInstanceLock: vi.fn(() => {
      calls.push('requestSingleInstanceLock');
      return state.lock;
    }),
    whenReady: vi.fn(() => state.ready),
    quit: vi.fn(() => calls.push('quit')),
  });

  const windows: Array<ReturnType<typeof createWindow>> = [];
  function createWindow(options: unknown) {
    calls.push('new BrowserWindow');
    const webContents = Object.assign(emitter(), {
      setWindowOpenHandler: vi.fn(),
      loadURL: vi.fn(async () => undefined),
    });
    // Electron announces every new web contents on the app.
    app.emit('web-contents-created', {}, webContents);
    return Object.assign(emitter(), {
      options,
      webContents,
      loadURL: vi.fn(async (url: string) => void calls.push(`loadURL ${url}`)),
      show: vi.fn(),
      focus: vi.fn(),
      restore: vi.fn(),
      maximize: vi.fn(),
      isDestroyed: () => false,
      isMinimized: () => false,
      isMaximized: () => false,
      getNormalBounds: () => ({ x: 0, y: 0, width: 1200, height: 800 }),
    });
  }
  class BrowserWindow {
    constructor(options: unknown) {
      const window = createWindow(options);
      windows.push(window);
      return window;
    }
  }

  return {
    calls,
    state,
    windows,
    readyResolve: () => readyResolve(),
    resetReady,
    module: {
      app,
      BrowserWindow,
      Menu: {
        buildFromTemplate: vi.fn((template: unknown) => ({ template })),
        setApplicationMenu: vi.fn(() => calls.push('setApplicationMenu')),
      },
      net: { fetch: vi.fn() },
      ipcMain: { handle: vi.fn((channel: string) => calls.push(`ipcMain.handle ${channel}`)) },
      Notification: class {
        on() {
          return this;
        }
        show() {}
      },
      protocol: {
        registerSchemesAsPrivileged: vi.fn(() => calls.push('registerSchemesAsPrivileged')),
        handle: vi.fn((scheme: string) => calls.push(`protocol.handle ${scheme}`)),
      },
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      session: {
        defaultSession: {
          setPermissionRequestHandler: vi.fn(() => calls.push('setPermissionRequestHandler')),
          setPermissionCheckHandler: vi.fn(() => calls.push('setPermissionCheckHandler')),
        },
      },
      shell: { openExternal: vi.fn(async () => undefined) },
    },
  };
});

vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

// The settings file would live in Electron's userData folder: an in-memory store stands in.
vi.mock('./services/settings-store', async (importOriginal) => {
  const original = await importOriginal<typeof SettingsStoreModule>();
  const values = new Map<string, unknown>();
  return {
    ...original,
    openSettingsBackend: () => ({
      get: (key: string) => values.get(key),
      set: (key: string, v: unknown) => values.set(key, v),
    }),
  };
});

async function loadMain() {
  await import('./index');
}

beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
  electron.resetReady();
  electron.calls.length = 0;
  electron.windows.length = 0;
  electron.module.app.listeners.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('src/main/index.ts', () => {
  it('registers the app: scheme before anything else, then asks for the single-instance lock', async () => {
    await loadMain();
    expect(electron.calls.slice(0, 2)).toEqual(['registerSchemesAsPrivileged', 'requestSingleInstanceLock']);
    expect(electron.module.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
  });

  it('answers every bridge channel from main once ready', async () => {
    await loadMain();
    electron.readyResolve();
    await vi.waitFor(() => expect(electron.calls).toContain('setApplicationMenu'));
    const handled = electron.calls.filter((call) => call.startsWith('ipcMain.handle ')).map((call) => call.slice(15));
    const { IPC } = await import('../shared/ipc-channels');
    const invokable = Object.values(IPC).filter((channel) => channel !== IPC.notificationClick);
    expect(handled.sort()).toEqual([...invokable].sort());
  });

  it('quits at once when another instance holds the lock', async () => {
    electron.state.lock = false;
    try {
      await loadMain();
      expect(electron.module.app.quit).toHaveBeenCalled();
      expect(electron.module.app.whenReady).not.toHaveBeenCalled();
    } finally {
      electron.state.lock = true;
    }
  });

  it('on ready: security, protocol, window, menu, in that order, and loads app://tellbox/', async () => {
    await loadMain();
    electron.readyResolve();
    await vi.waitFor(() => expect(electron.calls).toContain('setApplicationMenu'));
    const order = electron.calls.filter((call) => !call.startsWith('quit'));
    const index = (call: string) => order.indexOf(call);
    expect(index('setPermissionRequestHandler')).toBeGreaterThan(-1);
    expect(index('setPermissionRequestHandler')).toBeLessThan(index('new BrowserWindow'));
    expect(index('protocol.handle app')).toBeLessThan(index('new BrowserWindow'));
    expect(order).toContain('loadURL app://tellbox/');

    const [window] = electron.windows;
    expect(window?.options).toMatchObject({
      show: false,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, devTools: false },
    });
    // Next to the main bundle: out/main/index.js → out/preload/index.cjs.
    expect((window?.options as { webPreferences: { preload: string } }).webPreferences.preload).toMatch(
      /[\\/]preload[\\/]index\.cjs$/,
    );
    // The window's web contents got the navigation rules through web-contents-created.
    expect(window?.webContents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    expect([...window!.webContents.listeners.keys()]).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']),
    );
  });

  it('focuses the existing window on a second launch instead of opening another', async () => {
    await loadMain();
    electron.readyResolve();
    await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
    electron.module.app.emit('second-instance');
    expect(electron.windows).toHaveLength(1);
    expect(electron.windows[0]!.focus).toHaveBeenCalled();
  });
});
