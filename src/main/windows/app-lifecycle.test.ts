import { describe, expect, it, vi } from 'vitest';
import { createMainWindowManager, installAppLifecycle, type ManagedWindow } from './app-lifecycle';

function fakeWindow() {
  let closed: (() => void) | undefined;
  const window = {
    destroyed: false,
    minimized: false,
    on: vi.fn((_event: 'closed', listener: () => void) => (closed = listener)),
    isDestroyed() {
      return this.destroyed;
    },
    isMinimized() {
      return this.minimized;
    },
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
    webContents: { loadURL: vi.fn(async (_url: string) => undefined) },
    close() {
      this.destroyed = true;
      closed?.();
    },
  };
  return window satisfies ManagedWindow;
}

function setup() {
  const windows: Array<ReturnType<typeof fakeWindow>> = [];
  const onLoadError = vi.fn();
  const manager = createMainWindowManager({
    openWindow: () => {
      const window = fakeWindow();
      windows.push(window);
      return window;
    },
    onLoadError,
  });
  return { manager, windows, onLoadError };
}

describe('createMainWindowManager', () => {
  it('creates the window once, then brings the same one back', () => {
    const { manager, windows } = setup();
    expect(manager.get()).toBeNull();
    const first = manager.showOrCreate();
    expect(manager.showOrCreate()).toBe(first);
    expect(windows).toHaveLength(1);
    expect(first.show).toHaveBeenCalledTimes(1);
    expect(first.focus).toHaveBeenCalledTimes(1);
  });

  it('restores a minimised window before focusing it', () => {
    const { manager } = setup();
    const window = manager.showOrCreate();
    window.minimized = true;
    manager.showOrCreate();
    expect(window.restore).toHaveBeenCalledTimes(1);
    expect(window.focus).toHaveBeenCalled();
  });

  it('forgets a closed window and opens a new one next time', () => {
    const { manager, windows } = setup();
    manager.showOrCreate().close();
    expect(manager.get()).toBeNull();
    manager.showOrCreate();
    expect(windows).toHaveLength(2);
  });

  it('shows a console route over app://tellbox in the main window', () => {
    const { manager, windows } = setup();
    manager.showRoute('/setup-server');
    expect(windows[0]!.webContents.loadURL).toHaveBeenCalledWith('app://tellbox/setup-server');
  });

  it('refuses a route that would leave the app, and reports a failed load', async () => {
    const { manager, windows, onLoadError } = setup();
    expect(() => manager.showRoute('//evil.example/x')).toThrow(TypeError);
    expect(() => manager.showRoute('https://evil.example/')).toThrow(TypeError);
    expect(windows).toHaveLength(0);
    const window = manager.showOrCreate();
    window.webContents.loadURL.mockRejectedValueOnce(new Error('ERR_ABORTED'));
    manager.showRoute('/setup-server');
    await vi.waitFor(() => expect(onLoadError).toHaveBeenCalled());
    expect(windows).toHaveLength(1);
  });
});

describe('installAppLifecycle', () => {
  function lifecycle(platform: NodeJS.Platform) {
    const listeners = new Map<string, () => void>();
    const app = { on: vi.fn((event: string, listener: () => void) => listeners.set(event, listener)), quit: vi.fn() };
    const windows = { showOrCreate: vi.fn() };
    installAppLifecycle({ app, platform, windows });
    const emit = (event: string) => listeners.get(event)?.();
    return { app, windows, emit };
  }

  it('focuses the existing window when the app is launched a second time', () => {
    const { windows, emit } = lifecycle('linux');
    emit('second-instance');
    expect(windows.showOrCreate).toHaveBeenCalledTimes(1);
  });

  it('quits when the last window closes on Windows and Linux', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const { app, emit } = lifecycle(platform);
      emit('window-all-closed');
      expect(app.quit).toHaveBeenCalledTimes(1);
    }
  });

  it('stays running on macOS and reopens the window from the dock', () => {
    const { app, windows, emit } = lifecycle('darwin');
    emit('window-all-closed');
    expect(app.quit).not.toHaveBeenCalled();
    emit('activate');
    expect(windows.showOrCreate).toHaveBeenCalledTimes(1);
  });
});
