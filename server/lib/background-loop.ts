/**
 * A piece of background work run every few seconds on every instance: sending due alerts and
 * webhook deliveries. Runs never overlap, a failed run is logged and the next one goes on, and
 * `wake` starts a run now (work was just queued) instead of at the next tick. Which instance does
 * which piece of work is the work's business (it claims rows with a lease), not the loop's.
 */
import type { Logger } from './logger';

export interface BackgroundLoop {
  /** Runs the work as soon as the current run (if any) ends. */
  wake(): void;
  /** Resolves after one full run that started after this call. */
  runNow(): Promise<void>;
  /** Stops the timer and resolves once the run under way has ended. */
  stop(): Promise<void>;
}

export interface BackgroundLoopOptions {
  name: string;
  everyMs: number;
  work: () => Promise<void>;
  logger: Logger;
}

export function startBackgroundLoop({ name, everyMs, work, logger }: BackgroundLoopOptions): BackgroundLoop {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running.then(() => running ?? Promise.resolve());
    }
    running = (async () => {
      do {
        again = false;
        try {
          await work();
        } catch (error) {
          logger.error({ err: error, loop: name }, 'background work failed; it is tried again at the next tick');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => void run(), everyMs);
  // Background work never keeps a stopping process alive.
  timer.unref();

  return {
    wake: () => {
      if (!stopped) void run();
    },
    runNow: async () => {
      // A run under way may have read its rows before the caller's change: wait for it, then run.
      if (running) await running;
      await run();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
