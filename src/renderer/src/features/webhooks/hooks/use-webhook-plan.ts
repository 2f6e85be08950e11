import type { LimitsSummary } from '../../../../../shared/api';
import type { PlanTable } from '../../../../../shared/plans';
import { useLimitsSummary } from '../../../lib/owner-data/use-limits-summary';
import { usePlans } from '../../../lib/use-plans';
import { webhookPlanInfo, type WebhookPlanInfo } from '../utils/webhook-plans';

export interface WebhookPlan {
  /** Undefined until the limits summary arrives. */
  info: WebhookPlanInfo | undefined;
  /** Reads the owner's plan again (after a 403) and answers what it now says. */
  refetch: () => Promise<WebhookPlanInfo | undefined>;
}

function infoOf(plans: PlanTable, data: LimitsSummary | undefined, failed: boolean): WebhookPlanInfo | undefined {
  if (data) return webhookPlanInfo(plans, data.plan);
  // Unknown plan: the screen lets the owner try, and the server's 403 has the last word.
  return failed ? webhookPlanInfo(plans, null) : undefined;
}

/**
 * Whether the owner's plan has webhooks: the plan the limits summary reports (the one the server
 * enforces), looked up in the server's plan table.
 */
export function useWebhookPlan(): WebhookPlan {
  const limits = useLimitsSummary();
  const plans = usePlans();
  return {
    info: infoOf(plans, limits.data, limits.isError),
    refetch: async () => {
      const fresh = await limits.refetch();
      return infoOf(plans, fresh.data, fresh.isError);
    },
  };
}
