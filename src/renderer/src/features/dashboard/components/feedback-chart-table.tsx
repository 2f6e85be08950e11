import type { ChartData } from '../utils/chart-data';
import { longDay } from '../utils/day-labels';

/**
 * The chart's numbers as a table, every day and every widget: what a screen reader reads instead
 * of the drawing (visually hidden; the drawing and its tooltips show the same to the eye).
 */
export function FeedbackChartTable({ data, caption }: { data: ChartData; caption: string }) {
  return (
    // Hidden by its wrapper: a table grows to its content whatever its own width says.
    <div className="tb-visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {data.series.map((series) => (
              <th key={series.key} scope="col">
                {series.name}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {data.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{longDay(day.date)}</th>
              {data.series.map((series) => (
                <td key={series.key}>{day.counts[series.key] ?? 0}</td>
              ))}
              <td>{day.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
