import { NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import './settings-tabs.css';

const TABS = [
  { to: paths.settings, label: 'Account' },
  { to: paths.team, label: 'Team' },
] as const;

/**
 * The parts of Settings, as links (each is a page of its own, with its own address): the account's
 * own settings, and the team of the workspace on screen.
 */
export function SettingsTabs() {
  return (
    <nav className="tb-settings-tabs" aria-label="Settings">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end className="tb-settings-tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
