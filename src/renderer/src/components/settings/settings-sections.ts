import { paths } from '../../config/paths';

/** A part of Settings: a page of its own, with its own address, named once here for the nav and its heading. */
export interface SettingsSectionInfo {
  path: string;
  label: string;
  /** One line under the heading: what is found here. */
  description: string;
}

export type SettingsSectionKey = 'profile' | 'security' | 'team' | 'billing' | 'alerts';

/** The sections in the nav's order: the person first, then the workspace, then what reaches the inbox. */
export const SETTINGS_SECTIONS: Record<SettingsSectionKey, SettingsSectionInfo> = {
  profile: { path: paths.profile, label: 'Profile', description: 'Your name and the e-mail address you log in with.' },
  security: {
    path: paths.security,
    label: 'Security',
    description: 'Your password. Changing it signs out every other device.',
  },
  team: { path: paths.team, label: 'Team', description: 'The workspace, its members and their roles.' },
  billing: {
    path: paths.billing,
    label: 'Plan & billing',
    description: "The workspace's plan, what it includes, and the other plans.",
  },
  alerts: { path: paths.alerts, label: 'Alerts', description: 'Which new feedback is e-mailed to you, and how often.' },
};
