import { Card, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { useWidgets } from '../../../lib/owner-data/use-widgets';
import { TIMESERIES_DAYS, useDashboardTimeseries } from '../api/get-dashboard-timeseries';
import { useSeriesColors } from '../hooks/use-series-colors';
import { chartData } from '../utils/chart-data';
import { FeedbackChartLegend } from './feedback-chart-legend';
import { PLOT_HEIGHT } from '../utils/chart-layout';
import { FeedbackChartTable } from './feedback-chart-table';
import './feedback-chart.css';

// The drawing and its chart library are a chunk of their own, fetched only when /dashboard has
// numbers to draw.
const FeedbackChartPlot = lazy(() =>
  import('./feedback-chart-plot').then((module) => ({ default: module.FeedbackChartPlot })),
);

const TITLE = 'Feedback per day';
const LOAD_FAILED = 'Failed to load data. Please try again.';

/**
 * The last 30 days of feedback, per day and per widget: stacked columns with a legend, a table
 * of the same numbers for screen readers, and an empty state when nothing arrived.
 */
export function FeedbackChartCard() {
  const timeseries = useDashboardTimeseries();
  const widgets = useWidgets();
  const data = timeseries.data && widgets.data ? chartData(timeseries.data.days, widgets.data) : undefined;
  const colors = useSeriesColors(data?.series ?? []);
  const period = `last ${TIMESERIES_DAYS} days`;

  let body;
  // A failed refresh keeps the numbers already drawn; only a chart with none shows the failure.
  if (!data && (timeseries.isError || widgets.isError)) {
    body = (
      <LoadError message={LOAD_FAILED} onRetry={() => void Promise.all([timeseries.refetch(), widgets.refetch()])} />
    );
  } else if (!data) body = <Spin aria-label={`Loading ${TITLE}`} />;
  else if (data.total === 0) body = <EmptyState compact text={`No feedback in the ${period}`} />;
  else {
    body = (
      <>
        <p className="tb-chart-summary">
          <strong>{data.total}</strong> in the {period}
        </p>
        <FeedbackChartLegend series={data.series} colors={colors} />
        <Suspense fallback={<div className="tb-chart-plot" style={{ height: PLOT_HEIGHT }} />}>
          <FeedbackChartPlot data={data} colors={colors} />
        </Suspense>
        <FeedbackChartTable data={data} caption={`Feedback per day over the ${period}, by widget`} />
      </>
    );
  }
  return (
    <Card className="tb-chart-card" title={<h2 className="tb-card-title">{TITLE}</h2>}>
      {body}
    </Card>
  );
}
