import { describe, expect, it } from 'vitest';
import { contrastRatio as contrast } from './contrast';
import { COLORS, type ColorScheme, type ColorTokens } from './design-tokens';

type Key = keyof ColorTokens;
/** Every foreground the screens put on a background, and those backgrounds. */
const PAIRS: [Key, Key[]][] = [
  ['text', ['bg', 'surface', 'surfaceMuted', 'primaryBg', 'warningBg', 'dangerBg', 'successBg', 'infoBg']],
  ['textSecondary', ['warningBg']],
  ['textSecondary', ['bg', 'surface', 'surfaceMuted']],
  ['primary', ['bg', 'surface', 'surfaceMuted', 'primaryBg']],
  ['onPrimary', ['primary', 'primaryHover']],
  ['danger', ['bg', 'surface', 'dangerBg']],
  ['onDanger', ['danger']],
  ['success', ['surface', 'successBg']],
  ['warning', ['surface', 'warningBg']],
  ['info', ['surface', 'infoBg']],
];

describe.each<ColorScheme>(['light', 'dark'])('the %s scheme', (scheme) => {
  const colors = COLORS[scheme];
  it.each(PAIRS.flatMap(([fg, bgs]) => bgs.map((bg) => [fg, bg] as const)))('%s on %s reaches AA (4.5:1)', (fg, bg) => {
    expect(contrast(colors[fg], colors[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it("a warning box's edge is seen against the page and the box, and is lighter than its text", () => {
    // Not text, so not held to 4.5:1; still an edge one can see (above 1.3:1) around the tint.
    expect(contrast(colors.warningBorder, colors.surface)).toBeGreaterThan(1.3);
    expect(contrast(colors.warningBorder, colors.warningBg)).toBeGreaterThan(1.2);
    expect(contrast(colors.warning, colors.warningBg)).toBeGreaterThan(
      contrast(colors.warningBorder, colors.warningBg),
    );
  });

  it('writes every colour as #rrggbb', () => {
    for (const value of Object.values(colors)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });
});
