/**
 * SQLite answers synchronously, on the thread that asks: a read that takes 300 ms on the server's
 * own connection holds the event loop, and every other request, for 300 ms. Reads that can take
 * that long (searches, counts, exports, the dashboard's aggregates) are run here instead, on
 * worker threads with read-only connections of their own to the same file (WAL lets readers run
 * beside the writer and each other), and their results come back by message.
 *
 * The pool is generic: a worker runs the script it is given (read-worker-host.ts serves a table of
 * named reads there), and `run` names a read and passes its arguments, which must be what
 * structured clone copies (plain data). Workers start on the first read, so a server nobody
 * searches starts none; one crashed by a read is replaced on the next. Reads wait in one queue,
 * first come first served, so a long read holds up one worker and not the rest.
 */
import { Worker } from 'node:worker_threads';

/** What `run` may name: reads that take plain data and resolve to plain data. */
export type ReadFunctions = Record<string, (...args: never[]) => Promise<unknown>>;

/** What a worker is started with (workerData). */
export interface ReadWorkerData {
  /** The SQLite file to open read-only. */
  file: string;
}

/** A worker's answer to one read. */
export type ReadAnswer = { ok: true; value: unknown } | { ok: false; error: { message: string; code?: string } };

export interface ReadPool<Reads extends ReadFunctions> {
  /** Starts every worker now, rather than as reads come (a server at its start). */
  startAll(): void;
  /** Runs the read `name` with `args` on the next free worker; rejects as the read does. */
  run<N extends keyof Reads & string>(name: N, args: Parameters<Reads[N]>): ReturnType<Reads[N]>;
  /** Stops the workers; reads not yet answered are rejected. */
  close(): Promise<void>;
}

interface Task {
  name: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task?: Task;
}

/** An Error as the worker described it, with SQLite's code (SQLITE_BUSY…) for the error handler. */
function errorOf(described: { message: string; code?: string }): Error {
  return Object.assign(new Error(described.message), described.code === undefined ? {} : { code: described.code });
}

/**
 * A pool of up to `size` workers running `script` (a built .js; a .ts is run through tsx, as in
 * the tests and `npm run dev`) over the SQLite `file`; `onWorkerError` hears of a worker that
 * failed (its read, if any, is rejected as well).
 */
export function createReadPool<Reads extends ReadFunctions>(options: {
  script: URL;
  file: string;
  size: number;
  onWorkerError?: (error: Error) => void;
}): ReadPool<Reads> {
  const { script, file, size, onWorkerError } = options;
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  let closed = false;

  function start(): Slot {
    const workerData: ReadWorkerData = { file };
    const worker = new Worker(script, {
      workerData,
      ...(script.pathname.endsWith('.ts') && { execArgv: ['--import', 'tsx'] }),
    });
    // An idle worker never keeps the process alive; the server's listening socket does.
    worker.unref();
    const slot: Slot = { worker };
    const settle = (handle: (task: Task) => void) => {
      const { task } = slot;
      slot.task = undefined;
      if (task) handle(task);
    };
    worker.on('message', (answer: ReadAnswer) => {
      settle((task) => (answer.ok ? task.resolve(answer.value) : task.reject(errorOf(answer.error))));
      dispatch();
    });
    // A read that threw past its handler, or a script that failed to load: the worker ends.
    worker.on('error', (error) => {
      onWorkerError?.(error);
      settle((task) => task.reject(error));
    });
    worker.on('exit', (code) => {
      slots.delete(slot);
      settle((task) => task.reject(new Error(`a read worker stopped (exit code ${code}) during ${task.name}`)));
      dispatch();
    });
    slots.add(slot);
    return slot;
  }

  function dispatch() {
    while (!closed && queue.length > 0) {
      const idle = [...slots].find((slot) => !slot.task) ?? (slots.size < size ? start() : undefined);
      const task = idle && queue.shift();
      if (!idle || !task) return;
      idle.task = task;
      idle.worker.postMessage({ name: task.name, args: task.args });
    }
  }

  return {
    startAll() {
      while (!closed && slots.size < size) start();
    },
    run(name, args) {
      return new Promise((resolve, reject) => {
        if (closed) {
          reject(new Error('the read pool is closed'));
          return;
        }
        queue.push({ name, args, resolve, reject });
        dispatch();
      }) as ReturnType<Reads[typeof name]>;
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the read pool is closed'));
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}
