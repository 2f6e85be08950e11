import { describe, expect, test } from 'vitest';
import { luminance, safeColor, textColorFor } from './color';

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`;
const full = (short: string) => (short === '#000' ? '#000000' : '#ffffff');

describe('launcher text colour', () => {
  test('is at least 4.5:1 against every owner colour (every 4th step of each channel)', () => {
    let worst = Infinity;
    for (let r = 0; r < 256; r += 4)
      for (let g = 0; g < 256; g += 4)
        for (let b = 0; b < 256; b += 4) {
          const background = hex((r << 16) | (g << 8) | b);
          worst = Math.min(worst, contrast(background, full(textColorFor(background))));
        }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  test('is black on light colours and white on dark ones', () => {
    expect(textColorFor('#FFEB3B')).toBe('#000');
    expect(textColorFor('#ffffff')).toBe('#000');
    expect(textColorFor('#3B82F6')).toBe('#000');
    expect(textColorFor('#1E3A8A')).toBe('#fff');
    expect(textColorFor('#000000')).toBe('#fff');
  });

  test('matches the WCAG luminance of the primaries', () => {
    expect(luminance('#ffffff')).toBeCloseTo(1, 6);
    expect(luminance('#000000')).toBe(0);
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 6);
  });
});

describe('owner colour in CSS', () => {
  test('only a plain #rrggbb goes into the stylesheet', () => {
    expect(safeColor('#3b82F6', '#000000')).toBe('#3b82F6');
    for (const bad of ['red', '#fff', 'red;}*{display:none', '#3B82F6;x', '', null, 42]) {
      expect(safeColor(bad, '#000000')).toBe('#000000');
    }
  });
});
