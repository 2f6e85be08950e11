import { describe, expect, test } from 'vitest';
import { contrastRatio } from '../../../../../shared/contrast';
import { launcherTextColor } from './launcher-text-color';

describe('launcherTextColor', () => {
  test.each([
    ['#3B82F6', '#000000'],
    ['#1e3a8a', '#ffffff'],
    ['#FFFF00', '#000000'],
    ['#000000', '#ffffff'],
    ['#ffffff', '#000000'],
  ])('text on %s is %s', (color, text) => {
    expect(launcherTextColor(color)).toBe(text);
  });

  test('always reaches WCAG AA (4.5:1) on any colour an owner may pick', () => {
    for (let n = 0; n < 0x1000000; n += 0x0f0f0f) {
      const color = `#${n.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(color, launcherTextColor(color)!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('has no answer while the colour is half typed', () => {
    expect(launcherTextColor('#12345')).toBeNull();
    expect(launcherTextColor('blue')).toBeNull();
  });
});
