import { describe, expect, test } from 'vitest';
import { messagesOf } from './test-utils';
import { WIDGET_FORM_DEFAULTS, enabledTabsOf, widgetInputSchema } from './widget';

const valid = { ...WIDGET_FORM_DEFAULTS, name: 'Shop' };

describe('widget form (docs/product.md §5)', () => {
  test('starts from the documented defaults', () => {
    expect(WIDGET_FORM_DEFAULTS).toMatchObject({
      position: 'bottom-right',
      primaryColor: '#3B82F6',
      enableFeedback: true,
      enableNews: true,
    });
    expect(widgetInputSchema.safeParse(valid).success).toBe(true);
  });

  test('uses the documented messages', () => {
    expect(messagesOf(widgetInputSchema, { ...valid, name: 'S', primaryColor: '#12345' })).toEqual({
      name: 'Name must be at least 2 characters',
      primaryColor: 'Please enter a valid hex color code',
    });
    expect(messagesOf(widgetInputSchema, { ...valid, enableFeedback: false, enableNews: false })).toEqual({
      enableFeedback: 'At least one feature (Feedback or News) must be enabled',
    });
  });

  test('accepts hex colours in either case and only the two positions', () => {
    expect(widgetInputSchema.safeParse({ ...valid, primaryColor: '#abcDEF' }).success).toBe(true);
    expect(messagesOf(widgetInputSchema, { ...valid, position: 'top-left' })).toEqual({
      position: "Invalid enum value. Expected 'bottom-right' | 'bottom-left', received 'top-left'",
    });
  });

  test('maps the two switches to the enabled tabs', () => {
    expect(enabledTabsOf({ enableFeedback: true, enableNews: false })).toEqual(['feedback']);
    expect(enabledTabsOf({ enableFeedback: true, enableNews: true })).toEqual(['feedback', 'news']);
  });
});
