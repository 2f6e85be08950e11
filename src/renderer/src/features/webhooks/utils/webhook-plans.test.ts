import { describe, expect, test } from 'vitest';
import { DEFAULT_PLANS, type PlanTable } from '../../../../../shared/plans';
import { joinPlanNames, webhookPlanInfo } from './webhook-plans';

/** A self-hoster's table where only Premium has webhooks. */
const PREMIUM_ONLY: PlanTable = {
  ...DEFAULT_PLANS,
  pro: { ...DEFAULT_PLANS.pro, limits: { ...DEFAULT_PLANS.pro.limits, webhooks: false } },
};

describe('webhookPlanInfo', () => {
  test('on the built-in table free owners are sent to Pro, and Pro and Premium have webhooks', () => {
    const free = webhookPlanInfo(DEFAULT_PLANS, 'free');
    expect(free.allowed).toBe(false);
    expect(free.upgradePlan).toBe('pro');
    expect(joinPlanNames(free.plansWithWebhooks)).toBe('Pro and Premium');
    expect(webhookPlanInfo(DEFAULT_PLANS, 'pro').allowed).toBe(true);
  });

  test("follows the server's table: a Pro owner is sent to Premium when only Premium has them", () => {
    const pro = webhookPlanInfo(PREMIUM_ONLY, 'pro');
    expect(pro).toMatchObject({ allowed: false, upgradePlan: 'premium' });
    expect(joinPlanNames(pro.plansWithWebhooks)).toBe('Premium');
  });

  test('an unknown plan is allowed to try (the server decides)', () => {
    expect(webhookPlanInfo(DEFAULT_PLANS, null)).toMatchObject({ allowed: true, upgradePlan: 'pro' });
  });
});

describe('joinPlanNames', () => {
  test('joins with commas and a final "and"', () => {
    const { free, pro, premium } = DEFAULT_PLANS;
    expect(joinPlanNames([])).toBe('');
    expect(joinPlanNames([free, pro, premium])).toBe('Free, Pro and Premium');
  });
});
