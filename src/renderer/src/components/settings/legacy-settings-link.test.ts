import { describe, expect, test } from 'vitest';
import { settingsSectionPath } from './legacy-settings-link';

describe('settingsSectionPath', () => {
  test('a plain /settings link opens Profile', () => {
    expect(settingsSectionPath('')).toBe('/settings/profile');
    expect(settingsSectionPath('#')).toBe('/settings/profile');
  });

  test('a link to a part of the old single page opens the section that holds it now', () => {
    expect(settingsSectionPath('#notifications')).toBe('/settings/alerts');
    expect(settingsSectionPath('#Available-Plans')).toBe('/settings/billing');
    expect(settingsSectionPath('#password')).toBe('/settings/security');
    expect(settingsSectionPath('#team')).toBe('/settings/team');
  });

  test('an unknown fragment falls back to Profile rather than a blank page', () => {
    expect(settingsSectionPath('#no-such-part')).toBe('/settings/profile');
    expect(settingsSectionPath('#constructor')).toBe('/settings/profile');
  });
});
