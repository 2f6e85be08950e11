import type { TimeseriesDay } from '../../../../../shared/api';

/** "This week" is the last 7 days, today included; "last week" the 7 days before them. */
export const TREND_WEEK_DAYS = 7;

export type TrendDirection = 'up' | 'down' | 'same';

export interface WeeklyTrend {
  thisWeek: number;
  lastWeek: number;
  direction: TrendDirection;
  /** The change against last week in percent, unsigned; null when last week had no feedback. */
  percent: number | null;
}

const sumOf = (days: TimeseriesDay[]) => days.reduce((sum, day) => sum + day.total, 0);

/** This week's feedback against the week before, from days ordered oldest first, today last. */
export function weeklyTrend(days: TimeseriesDay[]): WeeklyTrend {
  const thisWeek = sumOf(days.slice(-TREND_WEEK_DAYS));
  const lastWeek = sumOf(days.slice(-2 * TREND_WEEK_DAYS, -TREND_WEEK_DAYS));
  const change = thisWeek - lastWeek;
  const direction: TrendDirection = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  const percent = lastWeek === 0 ? null : (Math.abs(change) / lastWeek) * 100;
  return { thisWeek, lastWeek, direction, percent };
}

function percentText(percent: number): string {
  const rounded = Math.round(percent);
  // A change too small to round to 1 % is still a change: never "Up 0 %".
  return rounded === 0 ? 'less than 1%' : `${rounded}%`;
}

/**
 * The trend in words, so it never rests on colour or an arrow alone: "Up 12% vs last week",
 * "Down 8% vs last week", "Same as last week", or "Up from none last week" when there is no
 * base to take a percentage of.
 */
export function trendText(trend: WeeklyTrend): string {
  if (trend.direction === 'same') return 'Same as last week';
  const word = trend.direction === 'up' ? 'Up' : 'Down';
  if (trend.percent === null) return `${word} from none last week`;
  return `${word} ${percentText(trend.percent)} vs last week`;
}
