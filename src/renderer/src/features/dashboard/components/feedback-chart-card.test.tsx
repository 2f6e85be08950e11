// @vitest-environment jsdom
import '../../../testing/setup';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { DashboardTimeseries, TimeseriesDay, WidgetListResponse } from '../../../../../shared/api';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { widget } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { browserTimeZone } from '../../../utils/browser-time-zone';
import { TIMESERIES_DAYS } from '../api/get-dashboard-timeseries';
import { FeedbackChartCard } from './feedback-chart-card';

/** 30 days ending 2026-11-24, with the given counts on some of them. */
function timeseries(counts: Record<string, Record<string, number>> = {}): DashboardTimeseries {
  const days: TimeseriesDay[] = Array.from({ length: TIMESERIES_DAYS }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 24 - (TIMESERIES_DAYS - 1 - i))).toISOString().slice(0, 10);
    const byWidget = counts[date] ?? {};
    return { date, byWidget, total: Object.values(byWidget).reduce((sum, n) => sum + n, 0) };
  });
  return { days };
}

function renderCard(data: DashboardTimeseries) {
  const result = renderWithProviders(<FeedbackChartCard />);
  act(() => {
    const widgets: WidgetListResponse = { success: true, widgets: [widget('a', 'Shop'), widget('b', 'Blog')] };
    result.queryClient.setQueryData(ownerKeys.widgets(), widgets);
    result.queryClient.setQueryData(ownerKeys.timeseries(TIMESERIES_DAYS, browserTimeZone()), data);
  });
  return result;
}

describe('FeedbackChartCard', () => {
  test('the per-day counts per widget as a table for screen readers, and a legend with each widget', async () => {
    renderCard(timeseries({ '2026-11-20': { a: 2, b: 1 }, '2026-11-24': { b: 4 } }));
    const table = await screen.findByRole('table', { name: 'Feedback per day over the last 30 days, by widget' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Day', 'Blog', 'Shop', 'Total']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    const cells = (row: HTMLElement | undefined) =>
      [...(row?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent);
    expect(cells(rows[29])).toEqual(['Tue, Nov 24', '4', '0', '4']);
    expect(cells(rows[25])).toEqual(['Fri, Nov 20', '1', '2', '3']);
    expect(cells(rows[0])).toEqual(['Mon, Oct 26', '0', '0', '0']);
    expect(screen.getByText('in the last 30 days', { exact: false })).toHaveTextContent('7 in the last 30 days');
    expect(screen.getByRole('heading', { name: 'Feedback per day' })).toBeInTheDocument();
  });

  test('no feedback in 30 days: the empty state and no table', async () => {
    renderCard(timeseries());
    expect(await screen.findByText('No feedback in the last 30 days')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
