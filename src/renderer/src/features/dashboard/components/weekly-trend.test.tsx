// @vitest-environment jsdom
import '../../../testing/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { WeeklyTrend } from './weekly-trend';

describe('WeeklyTrend', () => {
  test('up: an up arrow hidden from screen readers, and the words', () => {
    const { container } = render(<WeeklyTrend trend={{ thisWeek: 42, lastWeek: 30, direction: 'up', percent: 40 }} />);
    expect(screen.getByText('Up 40% vs last week')).toHaveClass('tb-trend-up');
    const icon = container.querySelector('[aria-label="arrow-up"]');
    expect(icon).not.toBeNull();
    expect(icon?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  test('down and same read as words too', () => {
    const { container, rerender } = render(
      <WeeklyTrend trend={{ thisWeek: 5, lastWeek: 10, direction: 'down', percent: 50 }} />,
    );
    expect(screen.getByText('Down 50% vs last week')).toHaveClass('tb-trend-down');
    expect(container.querySelector('[aria-label="arrow-down"]')).not.toBeNull();
    rerender(<WeeklyTrend trend={{ thisWeek: 5, lastWeek: 5, direction: 'same', percent: 0 }} />);
    expect(screen.getByText('Same as last week')).toHaveClass('tb-trend-same');
  });
});
