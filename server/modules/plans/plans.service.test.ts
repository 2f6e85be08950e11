import { describe, expect, test } from 'vitest';
import { DEFAULT_PLANS, limitReachedMessage } from '../../../src/shared/plans';
import { effectivePlanId, subscriptionInfo, type SubscriptionFields } from './plans.service';

const now = new Date('2026-11-21T12:00:00Z');

describe('effective plan and subscription status', () => {
  test('a paid plan applies until its end date, then the account is free', () => {
    const pro: SubscriptionFields = {
      plan: 'pro',
      planExpiresAt: '2026-12-21T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      subscriptionStatus: null,
      subscriptionId: null,
    };
    expect(effectivePlanId(pro, now, 'stripe')).toBe('pro');
    expect(effectivePlanId(pro, new Date('2026-12-21T12:00:00Z'), 'stripe')).toBe('free');
    expect(effectivePlanId({ ...pro, plan: 'mystery', planExpiresAt: null }, now, 'stripe')).toBe('free');
  });

  test('a renewing subscription keeps its plan past the period end; a cancelled one ends then', () => {
    const renewing: SubscriptionFields = {
      plan: 'pro',
      planExpiresAt: '2026-11-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      subscriptionStatus: 'active',
      subscriptionId: 'sub_1QxYz',
    };
    for (const mode of ['stripe', 'test'] as const) {
      expect(effectivePlanId(renewing, now, mode)).toBe('pro');
      expect(effectivePlanId({ ...renewing, subscriptionStatus: 'past_due' }, now, mode)).toBe('pro');
      expect(effectivePlanId({ ...renewing, subscriptionStatus: 'canceled' }, now, mode)).toBe('free');
      expect(effectivePlanId({ ...renewing, cancelAtPeriodEnd: true }, now, mode)).toBe('free');
    }
  });

  test('a test-mode subscription renews only while the server runs in test mode', () => {
    const testPlan: SubscriptionFields = {
      plan: 'premium',
      planExpiresAt: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      subscriptionStatus: 'active',
      subscriptionId: 'sub_test_0b6c2f0e',
    };
    const afterEnd = new Date('2026-12-01T00:00:01Z');
    expect(effectivePlanId(testPlan, afterEnd, 'test')).toBe('premium');
    expect(effectivePlanId(testPlan, afterEnd, 'stripe')).toBe('free');
    expect(subscriptionInfo(testPlan, afterEnd, 'stripe')).toEqual({
      plan: 'free',
      expiresAt: null,
      isActive: false,
      isToDelete: false,
    });
    // Until its date it is the plan, and one that ends then: Stripe will not renew it.
    expect(subscriptionInfo(testPlan, now, 'stripe')).toEqual({
      plan: 'premium',
      expiresAt: '2026-12-01T00:00:00.000Z',
      isActive: true,
      isToDelete: true,
    });
    expect(subscriptionInfo(testPlan, now, 'test').isToDelete).toBe(false);
  });

  test('the status follows docs/plans-and-billing.md: cancelled means active and to delete', () => {
    const cancelled: SubscriptionFields = {
      plan: 'premium',
      planExpiresAt: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: true,
      subscriptionStatus: 'active',
      subscriptionId: 'sub_1QxYz',
    };
    expect(subscriptionInfo(cancelled, now, 'stripe')).toEqual({
      plan: 'premium',
      expiresAt: '2026-12-01T00:00:00.000Z',
      isActive: true,
      isToDelete: true,
    });
    expect(subscriptionInfo(cancelled, new Date('2026-12-02T00:00:00Z'), 'stripe')).toEqual({
      plan: 'free',
      expiresAt: null,
      isActive: false,
      isToDelete: false,
    });
  });

  test('the limit message reads as the toast of docs/product.md §8, with the plan name', () => {
    expect(limitReachedMessage('widgets', 1, DEFAULT_PLANS.free)).toBe(
      "You've reached the maximum number of widgets (1) for your Free plan.",
    );
  });
});
