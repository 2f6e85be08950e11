import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { buildMainWindowOptions, createMainWindow, type MainWindowLike } from './main-window';
import type { InitialWindowState } from '../services/window-state';

const PRELOAD = '/opt/Tellbox/resources/app.asar/out/preload/index.cjs';
const PLACED: InitialWindowState = { x: 40, y: 50, width: 1000, height: 700, maximized: false };

describe('buildMainWindowOptions', () => {
  const options = buildMainWindowOptions({ preloadPath: PRELOAD, bounds: PLACED, isPackaged: true });
  const web = options.webPreferences ?? {};

  it.each([
    ['contextIsolation', true],
    ['sandbox', true],
    ['nodeIntegration', false],
    ['nodeIntegrationInWorker', false],
    ['nodeIntegrationInSubFrames', false],
    ['webSecurity', true],
    ['allowRunningInsecureContent', false],
    ['webviewTag', false],
    ['experimentalFeatures', false],
    ['navigateOnDragDrop', false],
    ['safeDialogs', true],
    ['spellcheck', false],
    ['devTools', false],
  ] as const)('sets webPreferences.%s to %s explicitly', (key, value) => {
    expect(web).toHaveProperty(key, value);
  });

  it('loads the built CommonJS preload and nothing else that grants powers', () => {
    expect(web.preload).toBe(PRELOAD);
    expect(web.preload?.endsWith('.cjs')).toBe(true);
    expect(web).not.toHaveProperty('enableBlinkFeatures');
    expect(web).not.toHaveProperty('additionalArguments');
    expect(web).not.toHaveProperty('partition');
    expect(web).not.toHaveProperty('session');
    expect(Object.keys(web).sort()).toEqual(
      [
        'allowRunningInsecureContent',
        'contextIsolation',
        'devTools',
        'experimentalFeatures',
        'navigateOnDragDrop',
        'nodeIntegration',
        'nodeIntegrationInSubFrames',
        'nodeIntegrationInWorker',
        'preload',
        'safeDialogs',
        'sandbox',
        'spellcheck',
        'webSecurity',
        'webviewTag',
      ].sort(),
    );
  });

  it('starts hidden, with the remembered bounds, a minimum size, a title and a background', () => {
    expect(options).toMatchObject({
      show: false,
      x: 40,
      y: 50,
      width: 1000,
      height: 700,
      minWidth: 800,
      minHeight: 560,
      title: 'Tellbox',
      backgroundColor: '#ffffff',
    });
    expect(options).not.toHaveProperty('center');
  });

  it('centres a window that has no remembered position', () => {
    const centred = buildMainWindowOptions({
      preloadPath: PRELOAD,
      bounds: { width: 1200, height: 800, maximized: false },
      isPackaged: true,
    });
    expect(centred).toMatchObject({ center: true, width: 1200, height: 800 });
    expect(centred).not.toHaveProperty('x');
    expect(centred).not.toHaveProperty('y');
  });

  it('allows devtools only in development builds', () => {
    const dev = buildMainWindowOptions({ preloadPath: PRELOAD, bounds: PLACED, isPackaged: false });
    expect(dev.webPreferences?.devTools).toBe(true);
    expect(dev.webPreferences?.sandbox).toBe(true);
  });
});

/** A window that records what the factory did with it. */
function fakeWindow() {
  let readyToShow: (() => void) | undefined;
  const window = {
    once: vi.fn((_event: 'ready-to-show', listener: () => void) => (readyToShow = listener)),
    show: vi.fn(),
    maximize: vi.fn(),
    loadURL: vi.fn(async (_url: string) => undefined),
    readyToShow: () => readyToShow?.(),
  };
  return window satisfies MainWindowLike;
}

describe('createMainWindow', () => {
  function setup(bounds: InitialWindowState = PLACED) {
    const window = fakeWindow();
    const created: BrowserWindowConstructorOptions[] = [];
    const track = vi.fn();
    const onLoadError = vi.fn();
    const result = createMainWindow({
      createWindow: (options) => {
        created.push(options);
        return window;
      },
      windowState: { initial: () => bounds, track },
      preloadPath: PRELOAD,
      isPackaged: true,
      onLoadError,
    });
    return { window, created, track, onLoadError, result };
  }

  it('creates one window with the hardened options and loads app://tellbox/', () => {
    const { window, created, result } = setup();
    expect(result).toBe(window);
    expect(created).toEqual([buildMainWindowOptions({ preloadPath: PRELOAD, bounds: PLACED, isPackaged: true })]);
    expect(window.loadURL).toHaveBeenCalledWith('app://tellbox/');
  });

  it('shows the window only when it is ready to show', () => {
    const { window } = setup();
    expect(window.show).not.toHaveBeenCalled();
    window.readyToShow();
    expect(window.show).toHaveBeenCalledTimes(1);
    expect(window.maximize).not.toHaveBeenCalled();
  });

  it('maximises a window that was maximised last time, before showing it', () => {
    const { window } = setup({ ...PLACED, maximized: true });
    window.readyToShow();
    expect(window.maximize).toHaveBeenCalledTimes(1);
    expect(window.maximize.mock.invocationCallOrder[0]).toBeLessThan(window.show.mock.invocationCallOrder[0]!);
  });

  it('tracks the window’s bounds', () => {
    const { window, track } = setup();
    expect(track).toHaveBeenCalledWith(window);
  });

  it('reports a failed load instead of throwing', async () => {
    const window = fakeWindow();
    window.loadURL.mockRejectedValueOnce(new Error('ERR_FAILED'));
    const onLoadError = vi.fn();
    createMainWindow({
      createWindow: () => window,
      windowState: { initial: () => PLACED, track: () => undefined },
      preloadPath: PRELOAD,
      isPackaged: false,
      onLoadError,
    });
    await vi.waitFor(() => expect(onLoadError).toHaveBeenCalled());
  });
});
