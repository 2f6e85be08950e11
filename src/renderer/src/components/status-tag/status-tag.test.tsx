// @vitest-environment jsdom
import '../../testing/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { contrastRatio } from '../../../../shared/contrast';
import { COLORS, type ColorScheme } from '../../../../shared/design-tokens';
import { STATUS_TAG_COLORS, StatusTag, type StatusTagTone } from './status-tag';

const TONES = Object.keys(STATUS_TAG_COLORS) as StatusTagTone[];

describe('StatusTag', () => {
  test("shows its text in its tone's colours, as the scheme's custom properties", () => {
    render(<StatusTag tone="brand">Most Popular</StatusTag>);
    const tag = screen.getByText('Most Popular');
    expect(tag).toHaveClass('tb-status-tag');
    expect(tag.getAttribute('style')).toBe(
      'color: var(--tb-color-primary); background-color: var(--tb-color-primary-bg);',
    );
  });

  describe.each<ColorScheme>(['light', 'dark'])('in the %s scheme', (scheme) => {
    test.each(TONES)('the %s tone reaches AA (4.5:1)', (tone) => {
      const { text, background } = STATUS_TAG_COLORS[tone];
      expect(contrastRatio(COLORS[scheme][text], COLORS[scheme][background])).toBeGreaterThanOrEqual(4.5);
    });
  });
});
