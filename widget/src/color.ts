/** Launcher text colour from the owner's colour: black or white, whichever contrasts more. */

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * `#000` or `#fff` for text on `hex`. The better of the two always reaches at least 4.58:1, so
 * the launcher and the send button meet WCAG AA (4.5:1) whatever colour the owner picked.
 */
export function textColorFor(hex: string): string {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}

/** The owner's colour when it is a plain `#rrggbb` (it goes into CSS text), else `fallback`. */
export function safeColor(color: unknown, fallback: string): string {
  return typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color) ? color : fallback;
}
