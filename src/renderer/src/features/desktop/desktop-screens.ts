/**
 * Everything the desktop app adds to the console, as one lazily loaded module: the browser never
 * downloads it, and one entry (rather than one per screen) leaves the chunks that `/` shares with
 * other screens as they were, so the landing page's byte budget only pays for the import.
 */
export { DesktopFrame } from './components/desktop-frame';
export { ServerCard } from './components/server-card';
export { SetupServerPage } from './components/setup-server-page';
