import { NavLink } from 'react-router-dom';
import { SETTINGS_SECTIONS } from './settings-sections';
import './settings-nav.css';

/**
 * The sections of Settings, as links (each is a page of its own): a column beside the section on
 * wide screens, a row above it on narrow ones (wrapping, so every section stays in sight). The
 * current one is marked `aria-current="page"` (NavLink), which is also what styles it.
 */
export function SettingsNav() {
  return (
    <nav className="tb-settings-nav" aria-label="Settings">
      <p className="tb-settings-nav-caption" aria-hidden>
        Settings
      </p>
      <ul className="tb-settings-nav-list">
        {Object.values(SETTINGS_SECTIONS).map((section) => (
          <li key={section.path}>
            <NavLink to={section.path} className="tb-settings-nav-link">
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
