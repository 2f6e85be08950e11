/**
 * Electron main process: a stub until the desktop issue lands. It is built (so `electron-vite
 * build` works) but nothing runs it yet.
 */
export const MAIN_PROCESS_STUB = true;
