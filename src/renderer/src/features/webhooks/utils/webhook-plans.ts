import { PLAN_IDS, type Plan, type PlanId, type PlanTable } from '../../../../../shared/plans';

export interface WebhookPlanInfo {
  /** The owner's plan has webhooks (`limits.webhooks`). */
  allowed: boolean;
  /** The cheapest plan above the owner's that has them, or null. */
  upgradePlan: PlanId | null;
  /** Every plan that has them, in the table's order: "Pro and Premium". */
  plansWithWebhooks: Plan[];
}

/**
 * What the plan table (the server's, a PLANS_FILE's included) says about webhooks for `current`.
 * `null`: the owner's plan could not be read; the screen then lets the server's 403 decide.
 */
export function webhookPlanInfo(plans: PlanTable, current: PlanId | null): WebhookPlanInfo {
  const higher = current === null ? PLAN_IDS : PLAN_IDS.slice(PLAN_IDS.indexOf(current) + 1);
  return {
    allowed: current === null || plans[current].limits.webhooks,
    upgradePlan: higher.find((id) => plans[id].limits.webhooks) ?? null,
    plansWithWebhooks: PLAN_IDS.filter((id) => plans[id].limits.webhooks).map((id) => plans[id]),
  };
}

/** "Pro", "Pro and Premium", "Pro, Team and Premium". */
export function joinPlanNames(plans: Plan[]): string {
  const names = plans.map((plan) => plan.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
