import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WindowBounds } from './settings-store';
import {
  createWindowState,
  DEFAULT_WINDOW_SIZE,
  initialWindowState,
  isVisibleOnSomeDisplay,
  MIN_WINDOW_SIZE,
  type Rectangle,
  type TrackedWindow,
} from './window-state';

const LAPTOP: Rectangle = { x: 0, y: 0, width: 1440, height: 875 };
/** A second monitor to the right of the laptop. */
const MONITOR: Rectangle = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('isVisibleOnSomeDisplay', () => {
  it('accepts a window fully or mostly on a display', () => {
    expect(isVisibleOnSomeDisplay({ x: 100, y: 100, width: 1000, height: 700 }, [LAPTOP])).toBe(true);
    expect(isVisibleOnSomeDisplay({ x: 1300, y: 100, width: 1000, height: 700 }, [LAPTOP])).toBe(true);
    expect(isVisibleOnSomeDisplay({ x: 2000, y: 100, width: 1000, height: 700 }, [LAPTOP, MONITOR])).toBe(true);
  });

  it('refuses a window on a display that is gone, or with only a sliver showing', () => {
    expect(isVisibleOnSomeDisplay({ x: 2000, y: 100, width: 1000, height: 700 }, [LAPTOP])).toBe(false);
    expect(isVisibleOnSomeDisplay({ x: 1400, y: 100, width: 1000, height: 700 }, [LAPTOP])).toBe(false);
    expect(isVisibleOnSomeDisplay({ x: 100, y: 850, width: 1000, height: 700 }, [LAPTOP])).toBe(false);
    expect(isVisibleOnSomeDisplay({ x: -5000, y: -5000, width: 1000, height: 700 }, [LAPTOP, MONITOR])).toBe(false);
    expect(isVisibleOnSomeDisplay({ x: 100, y: 100, width: 1000, height: 700 }, [])).toBe(false);
  });
});

describe('initialWindowState', () => {
  const saved = (bounds: Partial<WindowBounds>): WindowBounds => ({
    x: 100,
    y: 80,
    width: 1000,
    height: 700,
    maximized: false,
    ...bounds,
  });

  it('opens at the default size, centred, on the first run', () => {
    expect(initialWindowState(null, [LAPTOP])).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: false });
  });

  it('restores visible bounds exactly', () => {
    expect(initialWindowState(saved({}), [LAPTOP])).toEqual({
      x: 100,
      y: 80,
      width: 1000,
      height: 700,
      maximized: false,
    });
    expect(initialWindowState(saved({ x: 2000, maximized: true }), [LAPTOP, MONITOR])).toEqual({
      x: 2000,
      y: 80,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it('drops the position of a window last seen on an unplugged monitor, keeping a size that fits', () => {
    const state = initialWindowState(saved({ x: 2000, width: 2400, height: 1300, maximized: true }), [LAPTOP]);
    expect(state).toEqual({ width: 1440, height: 875, maximized: true });
    expect(state).not.toHaveProperty('x');
  });

  it('never opens smaller than the minimum size', () => {
    const state = initialWindowState(saved({ width: 200, height: 150 }), [LAPTOP]);
    expect(state.width).toBe(MIN_WINDOW_SIZE.width);
    expect(state.height).toBe(MIN_WINDOW_SIZE.height);
  });
});

/** A window whose events the test fires. */
function fakeWindow(bounds: Rectangle, maximized = false) {
  const listeners = new Map<string, Array<() => void>>();
  const window: TrackedWindow & { bounds: Rectangle; maximized: boolean; fire(event: string): void } = {
    bounds,
    maximized,
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    getNormalBounds() {
      return this.bounds;
    },
    isMaximized() {
      return this.maximized;
    },
    fire(event) {
      for (const listener of listeners.get(event) ?? []) listener();
    },
  };
  return window;
}

describe('createWindowState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(stored: WindowBounds | null = null, displays: Rectangle[] = [LAPTOP]) {
    let current = stored;
    const store = {
      getWindowBounds: () => current,
      setWindowBounds: vi.fn((bounds: WindowBounds) => void (current = bounds)),
    };
    const state = createWindowState({
      store,
      screen: { getAllDisplays: () => displays.map((workArea) => ({ workArea })) },
      delayMs: 500,
    });
    return { state, store };
  }

  it('reads the stored bounds and the displays for the initial state', () => {
    const { state } = setup({ x: 2000, y: 0, width: 1000, height: 700, maximized: false }, [LAPTOP, MONITOR]);
    expect(state.initial()).toEqual({ x: 2000, y: 0, width: 1000, height: 700, maximized: false });
  });

  it('saves once after a burst of moves and resizes settles', () => {
    const { state, store } = setup();
    const window = fakeWindow({ x: 10, y: 10, width: 900, height: 600 });
    state.track(window);
    for (let i = 0; i < 20; i += 1) {
      window.bounds = { x: 10 + i, y: 10, width: 900 + i, height: 600 };
      window.fire(i % 2 ? 'move' : 'resize');
      vi.advanceTimersByTime(100);
    }
    expect(store.setWindowBounds).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(store.setWindowBounds).toHaveBeenCalledTimes(1);
    expect(store.setWindowBounds).toHaveBeenCalledWith({ x: 29, y: 10, width: 919, height: 600, maximized: false });
  });

  it('saves the normal bounds and the maximised flag when maximised', () => {
    const { state, store } = setup();
    const window = fakeWindow({ x: 10.4, y: 20.6, width: 900, height: 600 });
    state.track(window);
    window.maximized = true;
    window.fire('maximize');
    vi.advanceTimersByTime(500);
    expect(store.setWindowBounds).toHaveBeenLastCalledWith({ x: 10, y: 21, width: 900, height: 600, maximized: true });
  });

  it('saves at once on close, without waiting for the delay', () => {
    const { state, store } = setup();
    const window = fakeWindow({ x: 1, y: 2, width: 900, height: 600 });
    state.track(window);
    window.fire('move');
    window.fire('close');
    expect(store.setWindowBounds).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(store.setWindowBounds).toHaveBeenCalledTimes(1);
  });

  it('keeps going when a save fails', () => {
    const { state, store } = setup();
    store.setWindowBounds.mockImplementationOnce(() => {
      throw new TypeError('refused');
    });
    const window = fakeWindow({ x: 1, y: 2, width: 900, height: 600 });
    state.track(window);
    window.fire('resize');
    expect(() => vi.advanceTimersByTime(500)).not.toThrow();
    window.fire('close');
    expect(store.setWindowBounds).toHaveBeenCalledTimes(2);
  });
});
