/**
 * WCAG 2's contrast ratio between two `#rrggbb` colours (1 to 21; AA asks 4.5 for text, 3 for
 * large text and UI parts). Tests use it to hold colour pairs to AA wherever they are written.
 */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [1, 3, 5]
    .map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Black or white text, whichever contrasts more with `background`: at least 4.58:1 for any
 * colour. The widget's launcher (widget/src/color.ts, which carries its own copy to stay small),
 * the console's preview of it and the changelog page's header all follow this rule.
 */
export function textColorOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}
