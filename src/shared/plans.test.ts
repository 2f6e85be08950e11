import { describe, expect, test } from 'vitest';
import { DEFAULT_PLANS, PLAN_IDS, isBelowLimit, planFeatures, suggestedPlanFor } from './plans';

describe('the plan table (docs/plans-and-billing.md, "Plans", reading A)', () => {
  test('holds the promised limits and prices', () => {
    expect(DEFAULT_PLANS.free.limits).toMatchObject({
      maxWidgets: 1,
      visibleFeedbackPerMonth: 50,
      maxPosts: 1,
      postPeriod: 'month',
      maxInstallationsPerWidget: 1,
    });
    expect(DEFAULT_PLANS.pro.limits).toMatchObject({
      maxWidgets: 5,
      visibleFeedbackPerMonth: 500,
      feedbackScope: 'widget',
      maxPosts: 10,
      postPeriod: 'total',
      maxInstallationsPerWidget: 3,
    });
    expect(DEFAULT_PLANS.premium.limits).toMatchObject({
      maxWidgets: null,
      visibleFeedbackPerMonth: null,
      maxPosts: null,
      maxInstallationsPerWidget: null,
    });
    expect(PLAN_IDS.map((id) => [DEFAULT_PLANS[id].monthlyPriceCents, DEFAULT_PLANS[id].currency])).toEqual([
      [0, 'USD'],
      [799, 'USD'],
      [1399, 'USD'],
    ]);
    expect(DEFAULT_PLANS.pro.popular).toBe(true);
  });

  test('feature lists are derived from the limits', () => {
    expect(planFeatures(DEFAULT_PLANS.free)).toEqual([
      '1 widget',
      '50 feedback entries per month',
      '1 news post per month',
      '1 installation (registered automatically)',
      'Up to 2 team members',
    ]);
    expect(planFeatures(DEFAULT_PLANS.pro)).toEqual([
      'Up to 5 widgets',
      '500 feedback entries per widget per month',
      'Up to 10 news posts',
      'Up to 3 installations per widget',
      'Up to 10 team members',
      'Webhooks, Slack and Discord',
    ]);
    expect(planFeatures(DEFAULT_PLANS.premium)).toContain('Unlimited team members');
    expect(planFeatures(DEFAULT_PLANS.premium)[0]).toBe('Unlimited widgets');
    expect(planFeatures(DEFAULT_PLANS.premium)).toContain('Webhooks, Slack and Discord');
  });

  test('the webhooks line follows limits.webhooks, whatever the plan', () => {
    const withWebhooks = { ...DEFAULT_PLANS.free, limits: { ...DEFAULT_PLANS.free.limits, webhooks: true } };
    const without = { ...DEFAULT_PLANS.pro, limits: { ...DEFAULT_PLANS.pro.limits, webhooks: false } };
    expect(planFeatures(withWebhooks).at(-1)).toBe('Webhooks, Slack and Discord');
    expect(planFeatures(without)).not.toContain('Webhooks, Slack and Discord');
  });
});

describe('limit helpers', () => {
  test('isBelowLimit treats null as unlimited', () => {
    expect(isBelowLimit(1, 0)).toBe(true);
    expect(isBelowLimit(1, 1)).toBe(false);
    expect(isBelowLimit(null, 10_000)).toBe(true);
  });

  test('suggests the cheapest plan that allows more, or none', () => {
    expect(suggestedPlanFor(DEFAULT_PLANS, 'free', (l) => l.maxWidgets)).toBe('pro');
    expect(suggestedPlanFor(DEFAULT_PLANS, 'pro', (l) => l.maxWidgets)).toBe('premium');
    expect(suggestedPlanFor(DEFAULT_PLANS, 'premium', (l) => l.maxWidgets)).toBeNull();
  });
});
