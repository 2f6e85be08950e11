import { describe, expect, test } from 'vitest';
import { DEFAULT_PLANS } from '../../../../../shared/plans';
import { limitsSummary as limits } from '../../../testing/factories';
import { usageText, widgetLimitText, widgetUsageText } from './widget-usage';

describe('widgetUsageText', () => {
  test.each([
    [limits({ widgetCount: 0 }), '0 of 1 widgets used (Free plan)'],
    [limits({ widgetCount: 1 }), '1 of 1 widgets used (Free plan)'],
    [limits({ plan: 'pro', maxWidgets: 5, widgetCount: 3 }), '3 of 5 widgets used (Pro plan)'],
    [limits({ plan: 'premium', maxWidgets: null, widgetCount: 12 }), '12 of Unlimited widgets used (Premium plan)'],
  ])('%#: %s', (summary, expected) => {
    expect(widgetUsageText(summary, DEFAULT_PLANS)).toBe(expected);
  });

  test('installations read the same way', () => {
    expect(usageText('installations', 2, 3, DEFAULT_PLANS.pro)).toBe('2 of 3 installations used (Pro plan)');
    expect(usageText('installations', 0, null, DEFAULT_PLANS.premium)).toBe(
      '0 of Unlimited installations used (Premium plan)',
    );
  });
});

describe('widgetLimitText', () => {
  test("names the plan as the server's table does", () => {
    const renamed = { ...DEFAULT_PLANS, free: { ...DEFAULT_PLANS.free, name: 'Starter' } };
    expect(widgetLimitText({ plan: 'free', maxWidgets: 2 }, renamed)).toBe(
      "You've reached the maximum number of widgets (2) for your Starter plan.",
    );
  });

  test("is docs/product.md §8's sentence with the plan's display name", () => {
    expect(widgetLimitText({ plan: 'free', maxWidgets: 1 }, DEFAULT_PLANS)).toBe(
      "You've reached the maximum number of widgets (1) for your Free plan.",
    );
    expect(widgetLimitText({ plan: 'pro', maxWidgets: 5 }, DEFAULT_PLANS)).toBe(
      "You've reached the maximum number of widgets (5) for your Pro plan.",
    );
  });
});
