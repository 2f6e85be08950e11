/** The desktop bridge: a stub until the desktop issue lands. */
export const PRELOAD_STUB = true;
