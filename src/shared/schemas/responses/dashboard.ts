/** What the dashboard routes answer: the overview and the daily chart. */
import { z } from '../zod';
import { feedbackItemSchema } from './feedback';
import { newsPostSchema } from './news';

export const dashboardOverviewSchema = z
  .strictObject({
    totalFeedback: z.number().int(),
    activeWidgets: z.number().int(),
    recentFeedback: z.array(feedbackItemSchema),
    recentNews: z.array(newsPostSchema),
  })
  .meta({ id: 'DashboardOverview' });

/** One day: visible feedback received that day, in total and per widget id. */
export const timeseriesDaySchema = z.strictObject({
  date: z.iso.date().meta({ description: 'The calendar day in the time zone asked for (UTC by default).' }),
  total: z.number().int(),
  byWidget: z
    .record(z.string(), z.number().int())
    .meta({ description: 'Widget id → count; widgets with no feedback that day are left out.' }),
});

/** `GET /api/dashboard/timeseries?days=N`: one entry per day, oldest first, today last. */
export const dashboardTimeseriesSchema = z
  .strictObject({ days: z.array(timeseriesDaySchema) })
  .meta({ id: 'DashboardTimeseries' });
