import { describe, expect, test } from 'vitest';
import { feedbackSummary as feedback, limitsSummary as limits } from '../../../testing/factories';
import { upgradeOffer } from './upgrade-offer';

const PRO = { plan: 'pro', maxWidgets: 5, maxPosts: 10, postPeriod: 'total', widgetSuggestedPlan: 'premium' } as const;

describe('upgradeOffer', () => {
  test('no card with room left, or before anything has loaded', () => {
    expect(upgradeOffer(limits(), feedback())).toBeNull();
    expect(upgradeOffer(undefined, undefined)).toBeNull();
    expect(upgradeOffer(limits({ ...PRO, widgetCount: 3, postCount: 7, postSuggestedPlan: 'premium' }))).toBeNull();
  });

  test('free with its one widget: reached, offers Pro', () => {
    const offer = upgradeOffer(limits({ widgetCount: 1, canCreateWidget: false }), feedback());
    expect(offer).toEqual({
      currentPlan: 'free',
      plan: 'pro',
      reached: true,
      reasons: [{ kind: 'widgets', used: 1, max: 1, reached: true }],
    });
  });

  test("free with this month's post used: reached, offers Pro", () => {
    const offer = upgradeOffer(limits({ postCount: 1, canCreatePost: false }));
    expect(offer?.plan).toBe('pro');
    expect(offer?.reasons).toEqual([{ kind: 'posts', used: 1, max: 1, reached: true, period: 'month' }]);
  });

  test('hidden feedback is a reason on its own, with the summary’s suggested plan', () => {
    const offer = upgradeOffer(limits(), feedback({ hiddenFeedbackCount: 7 }));
    expect(offer).toMatchObject({ plan: 'pro', reached: true });
    expect(offer?.reasons).toEqual([{ kind: 'feedback', hidden: 7, max: 50, scope: 'account' }]);
  });

  test('pro at 80 % of its widgets is near (not reached) and offers Premium', () => {
    const offer = upgradeOffer(limits({ ...PRO, widgetCount: 4, postSuggestedPlan: 'premium' }));
    expect(offer).toMatchObject({ currentPlan: 'pro', plan: 'premium', reached: false });
    expect(offer?.reasons).toEqual([{ kind: 'widgets', used: 4, max: 5, reached: false }]);
  });

  test('pro at 8 of 10 posts is near; 10 of 10 is reached', () => {
    const near = upgradeOffer(limits({ ...PRO, postCount: 8, postSuggestedPlan: 'premium' }));
    expect(near?.reasons).toEqual([{ kind: 'posts', used: 8, max: 10, reached: false, period: 'total' }]);
    const reached = upgradeOffer(limits({ ...PRO, postCount: 10, canCreatePost: false, postSuggestedPlan: 'premium' }));
    expect(reached).toMatchObject({ plan: 'premium', reached: true });
  });

  test('several reasons: all listed, and the highest suggested plan lifts them all', () => {
    const offer = upgradeOffer(
      limits({
        widgetCount: 1,
        canCreateWidget: false,
        postSuggestedPlan: 'premium',
        postCount: 1,
        canCreatePost: false,
      }),
      feedback({ hiddenFeedbackCount: 2 }),
    );
    expect(offer?.plan).toBe('premium');
    expect(offer?.reasons.map((reason) => reason.kind)).toEqual(['widgets', 'posts', 'feedback']);
  });

  test('premium (unlimited, nothing above) never gets a card', () => {
    const premium = limits({
      plan: 'premium',
      maxWidgets: null,
      widgetCount: 40,
      widgetSuggestedPlan: null,
      maxPosts: null,
      postCount: 90,
      postSuggestedPlan: null,
    });
    expect(
      upgradeOffer(premium, feedback({ plan: 'premium', maxVisibleFeedbackPerMonth: null, suggestedPlan: null })),
    ).toBeNull();
  });

  test('a reached limit with no plan above it offers nothing (an admin’s own plan table)', () => {
    expect(upgradeOffer(limits({ widgetCount: 1, canCreateWidget: false, widgetSuggestedPlan: null }))).toBeNull();
  });
});
