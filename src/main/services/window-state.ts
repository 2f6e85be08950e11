/**
 * The main window's size and position, remembered between runs: saved (debounced) as the window
 * moves and resizes, restored at start only when it would be visible on a display that is still
 * connected, so a window last seen on an unplugged monitor does not open off-screen.
 */
import type { WindowBounds } from './settings-store';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where and how big the window opens; no x/y lets Electron centre it. */
export interface InitialWindowState {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
}

/** The part of Electron's `screen` used here (call it after the app is ready). */
export interface ScreenLike {
  getAllDisplays(): Array<{ workArea: Rectangle }>;
}

/** The part of the settings store used here. */
export interface WindowBoundsStore {
  getWindowBounds(): WindowBounds | null;
  setWindowBounds(bounds: WindowBounds): void;
}

/** The part of Electron's BrowserWindow used here. */
export interface TrackedWindow {
  on(event: 'move' | 'resize' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const DEFAULT_WINDOW_SIZE = { width: 1200, height: 800 } as const;
export const MIN_WINDOW_SIZE = { width: 800, height: 560 } as const;
/** How much of the window must show on one display (enough of the title bar to grab it). */
export const MIN_VISIBLE = { width: 120, height: 60 } as const;
export const SAVE_DELAY_MS = 500;

/** The area two rectangles share (0 × 0 when apart). */
function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

/** True when enough of `bounds` shows on one of the displays' work areas. */
export function isVisibleOnSomeDisplay(bounds: Rectangle, displays: Rectangle[]): boolean {
  return displays.some((area) => {
    const shared = overlap(bounds, area);
    return (
      shared.width >= Math.min(MIN_VISIBLE.width, bounds.width) &&
      shared.height >= Math.min(MIN_VISIBLE.height, bounds.height)
    );
  });
}

/**
 * Where the window opens: the saved bounds when they are visible now, else the saved size (no
 * larger than the biggest display) centred by Electron, else the default size.
 */
export function initialWindowState(saved: WindowBounds | null, displays: Rectangle[]): InitialWindowState {
  if (!saved) return { ...DEFAULT_WINDOW_SIZE, maximized: false };
  const width = Math.max(saved.width, MIN_WINDOW_SIZE.width);
  const height = Math.max(saved.height, MIN_WINDOW_SIZE.height);
  if (isVisibleOnSomeDisplay({ x: saved.x, y: saved.y, width, height }, displays)) {
    return { x: saved.x, y: saved.y, width, height, maximized: saved.maximized };
  }
  const widest = Math.max(0, ...displays.map((d) => d.width));
  const tallest = Math.max(0, ...displays.map((d) => d.height));
  return {
    width: widest ? Math.min(width, widest) : DEFAULT_WINDOW_SIZE.width,
    height: tallest ? Math.min(height, tallest) : DEFAULT_WINDOW_SIZE.height,
    maximized: saved.maximized,
  };
}

export interface WindowStateDeps {
  store: WindowBoundsStore;
  screen: ScreenLike;
  timers?: Timers;
  delayMs?: number;
}

export interface WindowState {
  /** Where the window should open (reads the displays now). */
  initial(): InitialWindowState;
  /** Saves the window's bounds as it changes, and once more as it closes. */
  track(window: TrackedWindow): void;
}

export function createWindowState(deps: WindowStateDeps): WindowState {
  const timers: Timers = deps.timers ?? {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const delayMs = deps.delayMs ?? SAVE_DELAY_MS;

  return {
    initial() {
      const displays = deps.screen.getAllDisplays().map((display) => display.workArea);
      return initialWindowState(deps.store.getWindowBounds(), displays);
    },

    track(window) {
      let pending: unknown = null;
      const save = () => {
        pending = null;
        try {
          // Normal bounds: a maximised window remembers the size it returns to.
          const { x, y, width, height } = window.getNormalBounds();
          deps.store.setWindowBounds({
            x: Math.round(x),
            y: Math.round(y),
            width: Math.round(width),
            height: Math.round(height),
            maximized: window.isMaximized(),
          });
        } catch {
          // A window torn down mid-save, or bounds the store refuses: keep the last good ones.
        }
      };
      const schedule = () => {
        if (pending !== null) timers.clearTimeout(pending);
        pending = timers.setTimeout(save, delayMs);
      };
      for (const event of ['move', 'resize', 'maximize', 'unmaximize'] as const) window.on(event, schedule);
      window.on('close', () => {
        if (pending !== null) timers.clearTimeout(pending);
        save();
      });
    },
  };
}
