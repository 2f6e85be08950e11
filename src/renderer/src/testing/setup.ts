import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { closeAllToasts } from '../lib/lazy-toasts';

afterEach(() => cleanup());
// Toasts render in a React root of their own, which the cleanup above doesn't unmount; their
// timers would render after the file's document is gone ("window is not defined", an error of the
// whole run). Take them down, then let React's scheduler finish while the document still exists.
afterAll(async () => {
  await closeAllToasts();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

// antd reads matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's table and other components measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
