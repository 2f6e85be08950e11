import type { ReactNode } from 'react';
import { SETTINGS_SECTIONS, type SettingsSectionKey } from './settings-sections';

/**
 * One Settings section's page: its heading and line from the sections table, then its cards.
 * A Danger zone, if any, is passed as `dangerZone` so it always comes last, below everything else.
 */
export function SettingsSection({
  section,
  children,
  dangerZone = null,
  wide = false,
}: {
  section: SettingsSectionKey;
  children: ReactNode;
  dangerZone?: ReactNode;
  /** Takes the page's whole width (side-by-side plans) rather than a form's comfortable one. */
  wide?: boolean;
}) {
  const { label, description } = SETTINGS_SECTIONS[section];
  return (
    <div className={wide ? 'tb-settings-page tb-settings-page-wide' : 'tb-settings-page'}>
      <div className="tb-settings-section-header">
        <h1>{label}</h1>
        <p className="tb-muted">{description}</p>
      </div>
      <div className="tb-settings-section-body">
        {children}
        {dangerZone}
      </div>
    </div>
  );
}
