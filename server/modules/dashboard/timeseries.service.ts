/**
 * `GET /api/dashboard/timeseries`: visible feedback per calendar day, in total and per widget,
 * for the dashboard's chart. Days are those of the owner's time zone; every day of the range is
 * listed, a quiet one with zeros.
 */
import type { DashboardTimeseries, TimeseriesDay } from '../../../src/shared/api';
import type { TimeseriesQuery } from '../../../src/shared/schemas';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import type { Clock } from '../../lib/time';
import { zoneDays } from '../../lib/zone-days';
import type { FeedbackService } from '../feedback/feedback.service';

interface TimeseriesDeps {
  feedback: Pick<FeedbackService, 'countByDay'>;
  clock: Clock;
}

export function createTimeseriesService({ feedback, clock }: TimeseriesDeps) {
  return {
    async daily(workspace: WorkspaceAccess, query: TimeseriesQuery): Promise<DashboardTimeseries> {
      const days = zoneDays(query.tz, clock.now(), query.days);
      const counts = await feedback.countByDay(workspace, days);
      const series: TimeseriesDay[] = days.dates.map((date) => ({ date, total: 0, byWidget: {} }));
      for (const { day, widgetId, count } of counts) {
        // The window may hold a repeated hour of the day before (a clock set back over midnight).
        const entry = series[day - days.firstDay];
        if (!entry) continue;
        entry.total += count;
        entry.byWidget[widgetId] = count;
      }
      return { days: series };
    },
  };
}

export type TimeseriesService = ReturnType<typeof createTimeseriesService>;
