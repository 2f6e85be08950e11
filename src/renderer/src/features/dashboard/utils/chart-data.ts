import type { TimeseriesDay, Widget } from '../../../../../shared/api';

/** Widgets drawn in a colour of their own; beyond this many, the smallest share one "Other widgets". */
export const MAX_NAMED_SERIES = 5;
export const OTHER_SERIES_KEY = 'other';
export const OTHER_SERIES_NAME = 'Other widgets';

export interface ChartSeries {
  /** A widget id, or OTHER_SERIES_KEY. */
  key: string;
  name: string;
  /** Its feedback over the whole span. */
  total: number;
}

export interface ChartDay {
  date: string;
  total: number;
  /** Series key → that day's count (0 included, so every row has every series). */
  counts: Record<string, number>;
}

export interface ChartData {
  series: ChartSeries[];
  days: ChartDay[];
  total: number;
  /** The largest day's total. */
  peak: number;
}

/**
 * The chart's series and rows from the timeseries and the widgets list: only widgets with
 * feedback in the span get a series, largest first; past MAX_NAMED_SERIES the smallest are summed
 * as "Other widgets", so no two series need colours too close to tell apart.
 */
export function chartData(days: TimeseriesDay[], widgets: Pick<Widget, '_id' | 'name'>[]): ChartData {
  const names = new Map(widgets.map((widget) => [widget._id, widget.name]));
  const totals = new Map<string, number>();
  for (const day of days) {
    for (const [id, count] of Object.entries(day.byWidget)) totals.set(id, (totals.get(id) ?? 0) + count);
  }
  const ranked = [...totals]
    .filter(([, total]) => total > 0)
    .map(([key, total]) => ({ key, name: names.get(key) ?? 'Deleted widget', total }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  const crowded = ranked.length > MAX_NAMED_SERIES;
  const named = crowded ? ranked.slice(0, MAX_NAMED_SERIES - 1) : ranked;
  const seriesOf = new Map(named.map((series) => [series.key, series.key]));
  const series: ChartSeries[] = [...named];
  if (crowded) {
    const rest = ranked.slice(MAX_NAMED_SERIES - 1);
    series.push({ key: OTHER_SERIES_KEY, name: OTHER_SERIES_NAME, total: rest.reduce((sum, s) => sum + s.total, 0) });
  }

  const rows = days.map((day) => {
    const counts: Record<string, number> = Object.fromEntries(series.map((s) => [s.key, 0]));
    for (const [id, count] of Object.entries(day.byWidget)) {
      const key = seriesOf.get(id) ?? OTHER_SERIES_KEY;
      if (key in counts) counts[key] = (counts[key] ?? 0) + count;
    }
    return { date: day.date, total: day.total, counts };
  });
  return {
    series,
    days: rows,
    total: rows.reduce((sum, day) => sum + day.total, 0),
    peak: rows.reduce((max, day) => Math.max(max, day.total), 0),
  };
}
