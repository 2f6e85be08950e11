/**
 * The demo dashboard's numbers, all from the sample days (live-demo-data.ts) plus what the visitor
 * sent from the demo's other side, which lands on today.
 */
import { DEMO_DAYS, DEMO_OLDER_FEEDBACK } from './live-demo-data';

export interface DemoSeries {
  name: string;
  days: number[];
  total: number;
}

export interface DemoStats {
  series: DemoSeries[];
  /** Per day, all widgets, oldest first; the last one is today. */
  days: number[];
  total30: number;
  totalAllTime: number;
  thisWeek: number;
  /** This week against the one before, in whole percent. */
  weekChange: number;
  peak: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The numbers with `sentToday` more feedback today, on the first widget (the shop's). */
export function demoStats(sentToday: number): DemoStats {
  const series = Object.entries(DEMO_DAYS).map(([name, counts], index) => {
    const days =
      index === 0 ? counts.map((count, day) => (day === counts.length - 1 ? count + sentToday : count)) : counts;
    return { name, days, total: sum(days) };
  });
  const days = (series[0]?.days ?? []).map((_, day) => sum(series.map((one) => one.days[day] ?? 0)));
  const total30 = sum(days);
  const thisWeek = sum(days.slice(-7));
  const lastWeek = sum(days.slice(-14, -7));
  return {
    series,
    days,
    total30,
    totalAllTime: DEMO_OLDER_FEEDBACK + total30,
    thisWeek,
    weekChange: lastWeek ? Math.round(((thisWeek - lastWeek) / lastWeek) * 100) : 0,
    peak: Math.max(...days),
  };
}
