/**
 * Where toasts go, so they never cover what the owner acts on next. On a wide screen, bottom left:
 * over the sidebar's empty lower part, clear of Create and the filters (top right) and of row
 * actions (the tables' right-hand column), which antd's default, top right, covered. On a phone,
 * over the app bar at the top, which stays put while the page scrolls: anywhere else a full-width
 * toast lands on rows and their buttons.
 */
/** antd's `md` breakpoint, read with matchMedia: antd's Grid would add a kilobyte to the page. */
export const PHONE = '(max-width: 767.98px)';
export const WIDE_TOASTS = { placement: 'bottomLeft', bottom: 16 } as const;
export const PHONE_TOASTS = { placement: 'top', top: 4 } as const;

export function toastPlacement(phone: boolean) {
  return phone ? PHONE_TOASTS : WIDE_TOASTS;
}

export function isPhone(): boolean {
  return window.matchMedia(PHONE).matches;
}
