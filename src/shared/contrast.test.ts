import { describe, expect, test } from 'vitest';
import { contrastRatio } from './contrast';

describe('contrastRatio', () => {
  test('gives the known ratios, whichever colour comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The brand's teal under white text, and antd's green tag that failed AA.
    expect(contrastRatio('#ffffff', '#0f766e')).toBeCloseTo(5.47, 2);
    expect(contrastRatio('#389e0d', '#f6ffed')).toBeCloseTo(3.37, 2);
  });

  test('refuses what is not #rrggbb rather than guessing', () => {
    expect(() => contrastRatio('teal', '#ffffff')).toThrow('Not a #rrggbb colour: teal');
  });
});
