import { describe, expect, test } from 'vitest';
import type { Widget } from '../../../../../shared/api';
import {
  enabledTabsOf,
  widgetInputSchema,
  WIDGET_DISPLAY_DEFAULTS,
  WIDGET_FORM_DEFAULTS,
} from '../../../../../shared/schemas';
import { newWidgetFormValues, toWidgetFormValues, toWidgetInput, withoutBlankTexts } from './widget-form-values';

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
    texts: {},
    hideLauncher: false,
    offsetX: 20,
    offsetY: 20,
    publicChangelog: true,
    changelogUrl: 'http://localhost/changelog/abcdef1234567890',
    ...overrides,
  };
}

describe('toWidgetFormValues', () => {
  test('reads position and colour from branding, the switches from enabledTabs, and the launcher and words as they are', () => {
    const widget = serverWidget({
      name: 'Shop',
      branding: { position: 'bottom-left', color: '#ff0055' },
      enabledTabs: ['news'],
      active: false,
      lockHosts: true,
      texts: { it: { title: 'Aiuto', launcher: 'Scrivici' }, de: { thanks: 'Danke!' } },
      hideLauncher: true,
      offsetX: 0,
      offsetY: 96,
      publicChangelog: false,
    });
    expect(toWidgetFormValues(widget)).toEqual({
      name: 'Shop',
      position: 'bottom-left',
      primaryColor: '#ff0055',
      enableFeedback: false,
      enableNews: true,
      active: false,
      lockHosts: true,
      texts: { it: { title: 'Aiuto', launcher: 'Scrivici' }, de: { thanks: 'Danke!' } },
      hideLauncher: true,
      offsetX: 0,
      offsetY: 96,
      publicChangelog: false,
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

  test('round-trips: the form values of a widget give back its settings, and pass the form schema', () => {
    const widget = serverWidget({
      enabledTabs: ['news'],
      branding: { position: 'bottom-left', color: '#000000' },
      texts: { fr: { placeholder: 'Votre avis ?' } },
      hideLauncher: true,
      offsetX: 200,
      offsetY: 0,
      publicChangelog: false,
    });
    const values = toWidgetFormValues(widget);
    expect(enabledTabsOf(values)).toEqual(widget.enabledTabs);
    const sent = widgetInputSchema.parse(toWidgetInput(values));
    expect(sent).toMatchObject({
      texts: widget.texts,
      hideLauncher: true,
      offsetX: 200,
      offsetY: 0,
      publicChangelog: false,
    });
  });
});

describe('newWidgetFormValues', () => {
  test('starts from the defaults of docs/product.md §5 (#3B82F6, bottom-right, both features on), active and unlocked', () => {
    expect(newWidgetFormValues()).toEqual({
      ...WIDGET_FORM_DEFAULTS,
      active: true,
      lockHosts: false,
      ...WIDGET_DISPLAY_DEFAULTS,
    });
    expect(newWidgetFormValues().primaryColor).toBe('#3B82F6');
  });

  test('a new widget has a launcher 20 px from its corner, no words of its own and the changelog on', () => {
    expect(newWidgetFormValues()).toMatchObject({
      texts: {},
      hideLauncher: false,
      offsetX: 20,
      offsetY: 20,
      publicChangelog: true,
    });
    // Each form gets its own texts: typing in one never shows up in the next.
    expect(newWidgetFormValues().texts).not.toBe(newWidgetFormValues().texts);
  });
});

describe('toWidgetInput', () => {
  test('drops blank texts and the languages left with none, trimming the rest', () => {
    expect(
      withoutBlankTexts({
        it: { title: '  Aiuto ', launcher: '' },
        de: { title: '   ', thanks: '' },
        es: {},
      }),
    ).toEqual({ it: { title: 'Aiuto' } });
    expect(withoutBlankTexts(undefined)).toEqual({});
  });

  test('keeps every other field as the form had it', () => {
    const values = { ...newWidgetFormValues(), name: 'Shop', texts: { en: { title: '' } } };
    expect(toWidgetInput(values)).toEqual({ ...values, texts: {} });
  });
});
