import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { closeAllToasts } from '../lib/lazy-toasts';
import { REDUCED_MOTION } from '../theme/use-antd-config';

// findBy… and waitFor give up after 1 s by default: a wall-clock limit that a busy 2-core machine,
// rendering antd in jsdom beside three other test files, went past (a URL rewritten after the
// widgets' list arrived, in feedback-page.test.tsx, failed one CI run so). They end as soon as what
// they wait for holds; the limit only bounds a failure, well inside the test's own 30 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
// Toasts render in a React root of their own, which the cleanup above doesn't unmount; their
// timers would render after the file's document is gone ("window is not defined", an error of the
// whole run). Take them down, then let React's scheduler finish while the document still exists.
afterAll(async () => {
  await closeAllToasts();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

// antd reads matchMedia, which jsdom lacks. The tests' screen asks for less motion: jsdom ends no
// animation, so with antd's motion on a closed toast or dialog would stay mounted, waiting for a
// transition that never ends, and its timers would render after the file's document is gone
// ("window is not defined", an error of the whole run). Without motion they go at once, as they do
// for an owner who asked their system for less motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === REDUCED_MOTION,
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
