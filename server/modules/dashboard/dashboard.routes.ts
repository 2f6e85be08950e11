import { Router } from 'express';
import type { DashboardOverview, LimitsSummary } from '../../../src/shared/api';
import { RECENT_ITEMS_LIMIT } from '../../../src/shared/limits';
import { isBelowLimit, suggestedPlanFor, type PlanTable } from '../../../src/shared/plans';
import { timeseriesQuerySchema } from '../../../src/shared/schemas';
import { currentWorkspace } from '../workspaces/workspaces.service';
import type { Clock } from '../../lib/time';
import { parse } from '../../lib/validate';
import type { FeedbackService } from '../feedback/feedback.service';
import type { NewsService } from '../news/news.service';
import { effectivePlan, type BillingMode } from '../plans/plans.service';
import type { WidgetsService } from '../widgets/widgets.service';
import { createTimeseriesService } from './timeseries.service';

interface DashboardDeps {
  widgets: WidgetsService;
  feedback: FeedbackService;
  news: NewsService;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
}

/**
 * Read-only summaries across modules: the dashboard overview, its chart and the plan limits.
 * Mounted behind `requireAuth`.
 */
export function createDashboardRouter({ widgets, feedback, news, plans, billingMode, clock }: DashboardDeps) {
  const router = Router();
  const timeseries = createTimeseriesService({ feedback, clock });

  router.get('/dashboard/overview', async (_req, res) => {
    const user = currentWorkspace(res);
    const [totalFeedback, activeWidgets, recentFeedback, recentNews] = await Promise.all([
      feedback.countVisible(user),
      widgets.countActive(user),
      feedback.recent(user, RECENT_ITEMS_LIMIT),
      news.recent(user, RECENT_ITEMS_LIMIT),
    ]);
    const overview: DashboardOverview = { totalFeedback, activeWidgets, recentFeedback, recentNews };
    res.json(overview);
  });

  router.get('/dashboard/timeseries', async (req, res) => {
    res.json(await timeseries.daily(currentWorkspace(res), parse(timeseriesQuerySchema, req.query)));
  });

  router.get('/user/limits/summary', async (_req, res) => {
    const user = currentWorkspace(res);
    const plan = effectivePlan(plans, user, clock.now(), billingMode);
    const { limits } = plan;
    const [widgetCount, postCount] = await Promise.all([
      widgets.countAll(user),
      news.countTowardsLimit(user.id, limits.postPeriod),
    ]);
    const summary: LimitsSummary = {
      plan: plan.id,
      maxWidgets: limits.maxWidgets,
      widgetCount,
      canCreateWidget: isBelowLimit(limits.maxWidgets, widgetCount),
      widgetSuggestedPlan: suggestedPlanFor(plans, plan.id, (l) => l.maxWidgets),
      maxPosts: limits.maxPosts,
      postCount,
      postPeriod: limits.postPeriod,
      canCreatePost: isBelowLimit(limits.maxPosts, postCount),
      postSuggestedPlan: suggestedPlanFor(plans, plan.id, (l) => l.maxPosts),
      maxInstallationsPerWidget: limits.maxInstallationsPerWidget,
    };
    res.json(summary);
  });

  return router;
}
