import type { ChartSeries } from '../utils/chart-data';

/** Which colour is which widget, with each widget's count over the span. */
export function FeedbackChartLegend({ series, colors }: { series: ChartSeries[]; colors: Record<string, string> }) {
  return (
    <ul className="tb-chart-legend" aria-hidden="true">
      {series.map((s) => (
        <li key={s.key}>
          <span className="tb-chart-swatch" style={{ background: colors[s.key] }} />
          <span className="tb-chart-legend-name">{s.name}</span>
          <span className="tb-chart-legend-count">{s.total}</span>
        </li>
      ))}
    </ul>
  );
}
