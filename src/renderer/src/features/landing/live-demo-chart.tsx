import type { DemoStats } from './live-demo-stats';
import './live-demo-chart.css';

/** The drawing's own units: one day is 10 wide, the tallest tick 100 high. */
const DAY = 10;
const HEIGHT = 100;
const BAR = 7;
/** Days labelled under the columns; `wide`: only where there is room for all four. */
const X_LABELS = [
  { ago: 21, text: '3 weeks ago', wide: true },
  { ago: 14, text: '2 weeks ago', wide: false },
  { ago: 7, text: '1 week ago', wide: true },
  { ago: 0, text: 'Today', wide: false },
];

/** The first of 1, 2, 5, 10, 20… that splits `peak` into at most four steps. */
function tickStep(peak: number): number {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) if (step * scale * 4 >= peak) return step * scale;
  }
}

const daysAgo = (day: number, count: number) => {
  const ago = count - 1 - day;
  return ago === 0 ? 'Today' : ago === 1 ? 'Yesterday' : `${ago} days ago`;
};

/**
 * Feedback per day over the last 30 days, stacked per widget, as the console's dashboard draws
 * it: a hand-drawn SVG (no chart library on the landing page) stretched to the card's width.
 * Assistive technology gets one sentence with the numbers that matter; pointing at a day shows
 * its counts.
 */
export function DemoChart({ stats }: { stats: DemoStats }) {
  const step = tickStep(stats.peak);
  const top = step * Math.ceil(stats.peak / step);
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const count = stats.days.length;
  const busiest = stats.days.indexOf(stats.peak);
  const summary =
    `Feedback per day over the last 30 days: ${stats.total30} in total (` +
    stats.series.map((series) => `${series.name} ${series.total}`).join(', ') +
    `), busiest ${daysAgo(busiest, count).toLowerCase()} with ${stats.peak}, ${stats.days[count - 1]} today.`;

  return (
    <section className="tb-ld-card tb-ld-chart" aria-labelledby="tb-ld-chart-title">
      <h4 id="tb-ld-chart-title" className="tb-ld-card-title">
        Feedback per day
      </h4>
      <p className="tb-ld-chart-summary">
        <strong>{stats.total30}</strong> in the last 30 days
      </p>
      <ul className="tb-ld-legend">
        {stats.series.map((series, index) => (
          <li key={series.name}>
            <span className={`tb-ld-swatch tb-ld-series-${index}`} />
            {series.name} <span className="tb-ld-muted">{series.total}</span>
          </li>
        ))}
      </ul>
      <div className="tb-ld-plot">
        <div className="tb-ld-plot-ticks" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} style={{ bottom: `${(tick / top) * 100}%` }}>
              {tick}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${count * DAY} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          focusable="false"
        >
          {ticks.map((tick) => (
            <line key={tick} className="tb-ld-grid" x1={0} x2={count * DAY} y1={y(tick)} y2={y(tick)} />
          ))}
          {stats.days.map((total, day) => {
            let base = 0;
            return (
              <g key={day}>
                <title>{`${daysAgo(day, count)}: ${total}`}</title>
                {/* The whole column answers the pointer, not only its bars. */}
                <rect className="tb-ld-hit" x={day * DAY} y={0} width={DAY} height={HEIGHT} />
                {stats.series.map((series, index) => {
                  const value = series.days[day] ?? 0;
                  base += value;
                  return value ? (
                    <rect
                      key={series.name}
                      className={`tb-ld-series-${index}`}
                      x={day * DAY + (DAY - BAR) / 2}
                      y={y(base)}
                      width={BAR}
                      height={y(base - value) - y(base)}
                    />
                  ) : null;
                })}
              </g>
            );
          })}
        </svg>
        <div className="tb-ld-plot-days" aria-hidden="true">
          {X_LABELS.map(({ ago, text, wide }) => (
            <span
              key={text}
              className={wide ? 'tb-ld-wide-only' : undefined}
              style={{ left: `${((count - 0.5 - ago) / count) * 100}%` }}
            >
              {text}
            </span>
          ))}
        </div>
      </div>
    </section>
  );
}
