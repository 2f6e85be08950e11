import { describe, expect, test } from 'vitest';
import type { Widget } from '../../../../../shared/api';
import { enabledTabsOf, widgetInputSchema, WIDGET_FORM_DEFAULTS } from '../../../../../shared/schemas';
import { newWidgetFormValues, toWidgetFormValues } from './widget-form-values';

function serverWidget(overrides: Partial<Widget> = {}): Widget {
  return {
    _id: 'w1',
    name: 'Main site',
    key: 'abcdef1234567890',
    createdAt: '2026-11-21T12:00:00.000Z',
    snippet: '<script src="http://localhost/widget.js" data-site-key="abcdef1234567890" async></script>',
    active: true,
    branding: { position: 'bottom-right', color: '#3B82F6' },
    enabledTabs: ['feedback', 'news'],
    lockHosts: false,
    installations: [],
    installationCount: 0,
    ...overrides,
  };
}

describe('toWidgetFormValues', () => {
  test('reads position and colour from branding and the switches from enabledTabs', () => {
    const widget = serverWidget({
      name: 'Shop',
      branding: { position: 'bottom-left', color: '#ff0055' },
      enabledTabs: ['news'],
      active: false,
      lockHosts: true,
    });
    expect(toWidgetFormValues(widget)).toEqual({
      name: 'Shop',
      position: 'bottom-left',
      primaryColor: '#ff0055',
      enableFeedback: false,
      enableNews: true,
      active: false,
      lockHosts: true,
    });
  });

  test.each([
    [['feedback', 'news'], true, true],
    [['feedback'], true, false],
    [['news'], false, true],
  ] as const)('enabledTabs %j → feedback %s, news %s', (tabs, enableFeedback, enableNews) => {
    const values = toWidgetFormValues(serverWidget({ enabledTabs: [...tabs] }));
    expect(values.enableFeedback).toBe(enableFeedback);
    expect(values.enableNews).toBe(enableNews);
  });

  test('round-trips: the form values of a widget give back its tabs, and pass the form schema', () => {
    const widget = serverWidget({ enabledTabs: ['news'], branding: { position: 'bottom-left', color: '#000000' } });
    const values = toWidgetFormValues(widget);
    expect(enabledTabsOf(values)).toEqual(widget.enabledTabs);
    expect(widgetInputSchema.safeParse(values).success).toBe(true);
  });
});

describe('newWidgetFormValues', () => {
  test('starts from the defaults of docs/product.md §5 (#3B82F6, bottom-right, both features on), active and unlocked', () => {
    expect(newWidgetFormValues()).toEqual({ ...WIDGET_FORM_DEFAULTS, active: true, lockHosts: false });
    expect(newWidgetFormValues().primaryColor).toBe('#3B82F6');
  });
});
