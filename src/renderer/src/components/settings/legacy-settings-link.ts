import { SETTINGS_SECTIONS, type SettingsSectionKey } from './settings-sections';

/**
 * Before Settings had sections it was one page, `/settings`, with its parts further down: links
 * and bookmarks that pointed at a part (`/settings#notifications`) open the section that holds it
 * now; every other `/settings` link opens Profile.
 */
const SECTION_OF_FRAGMENT: Record<string, SettingsSectionKey> = {
  profile: 'profile',
  account: 'profile',
  'delete-account': 'profile',
  security: 'security',
  password: 'security',
  'change-password': 'security',
  team: 'team',
  billing: 'billing',
  plan: 'billing',
  plans: 'billing',
  subscription: 'billing',
  'available-plans': 'billing',
  alerts: 'alerts',
  notifications: 'alerts',
};

/** Where `/settings` with this `#fragment` (or none) leads now. */
export function settingsSectionPath(hash: string): string {
  const fragment = hash.replace(/^#/, '').toLowerCase();
  const section = Object.hasOwn(SECTION_OF_FRAGMENT, fragment) ? SECTION_OF_FRAGMENT[fragment] : 'profile';
  return SETTINGS_SECTIONS[section ?? 'profile'].path;
}
