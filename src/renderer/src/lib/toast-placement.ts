/**
 * Where toasts go, so they never cover what the owner acts on next, nor the cookie banner at the
 * foot of the screen: at the top, over the bar that stays put while the page scrolls (the console's
 * app bar, a public page's header). On a wide screen top right, clear of the page's own title and
 * buttons below the bar; on a phone across the top, where a full-width toast fits the bar.
 */
/** antd's `md` breakpoint, read with matchMedia: antd's Grid would add a kilobyte to the page. */
export const PHONE = '(max-width: 767.98px)';
/** From the top of the window: over the app bar, not the page under it. */
export const TOAST_TOP = 4;
export const WIDE_TOASTS = { placement: 'topRight', top: TOAST_TOP } as const;
export const PHONE_TOASTS = { placement: 'top', top: TOAST_TOP } as const;

export function toastPlacement(phone: boolean) {
  return phone ? PHONE_TOASTS : WIDE_TOASTS;
}

export function isPhone(): boolean {
  return window.matchMedia(PHONE).matches;
}
