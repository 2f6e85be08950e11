import { describe, expect, test } from 'vitest';
import { DEFAULT_PLANS, limitReachedMessage } from '../../../src/shared/plans';
import { effectivePlanId, subscriptionInfo } from './plans.service';

const now = new Date('2026-11-21T12:00:00Z');

describe('effective plan and subscription status', () => {
  test('a paid plan applies until its end date, then the account is free', () => {
    const pro = {
      plan: 'pro',
      planExpiresAt: '2026-12-21T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      subscriptionStatus: null,
    };
    expect(effectivePlanId(pro, now)).toBe('pro');
    expect(effectivePlanId(pro, new Date('2026-12-21T12:00:00Z'))).toBe('free');
    expect(
      effectivePlanId(
        { plan: 'mystery', planExpiresAt: null, cancelAtPeriodEnd: false, subscriptionStatus: null },
        now,
      ),
    ).toBe('free');
  });

  test('a renewing subscription keeps its plan past the period end; a cancelled one ends then', () => {
    const renewing = {
      plan: 'pro',
      planExpiresAt: '2026-11-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      subscriptionStatus: 'active',
    };
    expect(effectivePlanId(renewing, now)).toBe('pro');
    expect(effectivePlanId({ ...renewing, subscriptionStatus: 'past_due' }, now)).toBe('pro');
    expect(effectivePlanId({ ...renewing, subscriptionStatus: 'canceled' }, now)).toBe('free');
    expect(effectivePlanId({ ...renewing, cancelAtPeriodEnd: true }, now)).toBe('free');
  });

  test('the status follows the spec: cancelled means active and to delete', () => {
    const cancelled = {
      plan: 'premium',
      planExpiresAt: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: true,
      subscriptionStatus: 'active',
    };
    expect(subscriptionInfo(cancelled, now)).toEqual({
      plan: 'premium',
      expiresAt: '2026-12-01T00:00:00.000Z',
      isActive: true,
      isToDelete: true,
    });
    expect(subscriptionInfo(cancelled, new Date('2026-12-02T00:00:00Z'))).toEqual({
      plan: 'free',
      expiresAt: null,
      isActive: false,
      isToDelete: false,
    });
  });

  test('the limit message reads as the spec toast, with the plan name', () => {
    expect(limitReachedMessage('widgets', 1, DEFAULT_PLANS.free)).toBe(
      "You've reached the maximum number of widgets (1) for your Free plan.",
    );
  });
});
