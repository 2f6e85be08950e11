import { lazy, type ComponentType } from 'react';
import { SettingsLayout } from '../../components/settings/settings-layout';
import { SettingsRedirect } from '../../components/settings/settings-redirect';

/** A section's screen, in a chunk of its own: Profile's visitor doesn't load Team's or billing's code. */
const section = (load: () => Promise<{ Component: ComponentType }>) =>
  lazy(() => load().then((module) => ({ default: module.Component })));

/**
 * Every screen of Settings, reached by the router through this one module: each `import()` in the
 * router puts its list of chunks into the code every page loads, the landing page included, and
 * one for each of the six would cost it about half a kilobyte (the landing page's 120 KB budget).
 */
export const settingsScreens = {
  layout: SettingsLayout,
  redirect: SettingsRedirect,
  profile: section(() => import('./settings-profile')),
  security: section(() => import('./settings-security')),
  team: section(() => import('./team')),
  billing: section(() => import('./settings-billing')),
  alerts: section(() => import('./settings-alerts')),
} satisfies Record<string, ComponentType>;

export type SettingsScreen = keyof typeof settingsScreens;
