/**
 * The changelog page in the owner's colour, readable whatever colour they picked: the header band
 * takes black or white text, whichever contrasts more (at least 4.58:1 for any colour), and links
 * on the page's own backgrounds take the owner's hue, darkened (light scheme) or lightened (dark
 * scheme) until they reach WCAG AA.
 */
import { contrastRatio } from '../../../src/shared/contrast';
import { BRAND_COLOR } from '../../../src/shared/design-tokens';
import { HEX_COLOR_PATTERN } from '../../../src/shared/schemas/widget';

/** AA for normal text is 4.5:1; a little above it, so no rounding in a checker tips it under. */
const LINK_CONTRAST = 4.6;
const BLACK = '#000000';
const WHITE = '#ffffff';

/** The owner's colour when it is a plain `#rrggbb` (it goes into CSS), else Tellbox's. */
export const ownerColorOf = (color: string) => (HEX_COLOR_PATTERN.test(color) ? color.toLowerCase() : BRAND_COLOR);

const channels = (hex: string) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));

/** `from` moved `share` (0–1) of the way to `to`, as `#rrggbb`. */
function mix(from: string, to: string, share: number): string {
  const target = channels(to);
  return `#${channels(from)
    .map((value, index) => Math.round(value + ((target[index] ?? value) - value) * share))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * `color`, moved towards `towards` (black on light pages, white on dark ones) in small steps until
 * it reaches AA on every one of `backgrounds`.
 */
export function readableOn(color: string, backgrounds: string[], towards: string): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(color, towards, step / 20);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= LINK_CONTRAST)) return candidate;
  }
  return towards;
}

export const SCHEME_EDGES = { light: BLACK, dark: WHITE } as const;
