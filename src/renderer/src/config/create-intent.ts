/**
 * "Open the create dialog on arrival": the navigation state the command palette's New widget and
 * New news post send to /widgets and /news, which open their create dialog once on seeing it.
 */
export const CREATE_INTENT = { create: true } as const;

export function wantsCreate(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { create?: unknown }).create === true;
}
