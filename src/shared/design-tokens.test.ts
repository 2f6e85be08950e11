import { describe, expect, it } from 'vitest';
import { contrastRatio as contrast } from './contrast';
import { COLORS, type ColorScheme, type ColorTokens } from './design-tokens';

type Key = keyof ColorTokens;
/** Every foreground the screens put on a background, and those backgrounds. */
const PAIRS: [Key, Key[]][] = [
  ['text', ['bg', 'surface', 'surfaceMuted', 'primaryBg']],
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

  it('writes every colour as #rrggbb', () => {
    for (const value of Object.values(colors)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });
});
