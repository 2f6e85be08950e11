import { describe, expect, test } from 'vitest';
import { contrastRatio, textColorOn } from '../../../src/shared/contrast';
import { BRAND_COLOR, COLORS } from '../../../src/shared/design-tokens';
import { SCHEME_EDGES, ownerColorOf, readableOn } from './changelog-colors';

/** Every web-safe colour: 216 owner colours from black to white, the extremes and the greys included. */
const STEPS = ['00', '33', '66', '99', 'cc', 'ff'];
const OWNER_COLORS = STEPS.flatMap((r) => STEPS.flatMap((g) => STEPS.map((b) => `#${r}${g}${b}`)));

describe("the changelog in any owner's colour", () => {
  test('the band text reaches AA on the band', () => {
    for (const color of [...OWNER_COLORS, '#FFEB3B', '#1E3A8A']) {
      expect(contrastRatio(textColorOn(color), color), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  test("links keep the owner's colour where it reads, and reach AA on the page and the cards in both schemes", () => {
    for (const scheme of ['light', 'dark'] as const) {
      const backgrounds = [COLORS[scheme].bg, COLORS[scheme].surface];
      for (const color of OWNER_COLORS) {
        const link = readableOn(color, backgrounds, SCHEME_EDGES[scheme]);
        for (const background of backgrounds) {
          expect(contrastRatio(link, background), `${color} ${scheme}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
    expect(readableOn('#1e3a8a', [COLORS.light.bg, COLORS.light.surface], SCHEME_EDGES.light)).toBe('#1e3a8a');
  });

  test('a colour that is not a plain #rrggbb never reaches the CSS', () => {
    expect(ownerColorOf('#ABCDEF')).toBe('#abcdef');
    expect(ownerColorOf('red;}body{display:none')).toBe(BRAND_COLOR);
  });
});
