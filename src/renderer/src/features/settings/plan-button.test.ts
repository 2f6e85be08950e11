import { describe, expect, test } from 'vitest';
import { DEFAULT_PLANS } from '../../../../shared/plans';
import { planButton } from './plan-button';
import { PLAN_BUTTON_ROWS, statusOf } from './plan-button-rows';

describe('planButton', () => {
  test('the table covers every current plan, cancelled or not, against every plan', () => {
    const keys = new Set(PLAN_BUTTON_ROWS.map((r) => `${r.current}/${r.cancelled}/${r.target}`));
    expect(keys.size).toBe(18);
  });

  test.each(PLAN_BUTTON_ROWS)(
    'on $current (cancelled: $cancelled), $target shows "$label" (enabled: $enabled, $action)',
    ({ current, cancelled, target, label, enabled, action }) => {
      const button = planButton(DEFAULT_PLANS[target], statusOf(current, cancelled));
      expect(button).toMatchObject({ label, enabled, action });
    },
  );

  test('only moves to a cheaper plan are downgrades', () => {
    for (const r of PLAN_BUTTON_ROWS) {
      const button = planButton(DEFAULT_PLANS[r.target], statusOf(r.current, r.cancelled));
      expect(button.downgrade).toBe(r.label.startsWith('Change to') || r.label === 'Switch to Pro');
    }
  });

  test('after cancelling Premium, only Premium is offered for reactivation', () => {
    const cancelled = statusOf('premium', true);
    const labels = (['free', 'pro', 'premium'] as const).map((id) => planButton(DEFAULT_PLANS[id], cancelled).label);
    expect(labels).toEqual(['Not available', 'Switch to Pro', 'Reactivate Premium']);
  });

  test('the label uses the plan name of the table', () => {
    const renamed = { ...DEFAULT_PLANS.pro, name: 'Plus' };
    expect(planButton(renamed, statusOf('free', false)).label).toBe('Upgrade to Plus');
  });
});
