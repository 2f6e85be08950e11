/**
 * The application menu as a template (pure, so it is tested without Electron): the platform's
 * standard app, edit, view and window menus, plus the two desktop settings, notifications on/off
 * and "Change Tellbox server…". Packaged builds have no devtools entry.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { SettingsStore } from '../services/settings-store';

export const NOTIFICATIONS_LABEL = 'Notifications for new feedback';
export const CHANGE_SERVER_LABEL = 'Change Tellbox server…';
/** The console's first-run screen, where the owner enters the server's address. */
export const SERVER_SETUP_ROUTE = '/setup-server';

export interface AppMenuInput {
  platform: NodeJS.Platform;
  appName: string;
  isPackaged: boolean;
  settings: Pick<SettingsStore, 'getNotificationsEnabled' | 'setNotificationsEnabled'>;
  /** After the owner turned notifications on or off (the setting is already saved). */
  onNotificationsChange?: (enabled: boolean) => void;
  /** Shows a console route in the main window (`/setup-server`). */
  showRoute: (route: string) => void;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** The two desktop settings, wherever the platform keeps settings. */
function settingsItems(input: AppMenuInput): MenuItemConstructorOptions[] {
  return [
    {
      id: 'notifications',
      label: NOTIFICATIONS_LABEL,
      type: 'checkbox',
      checked: input.settings.getNotificationsEnabled(),
      // Electron flips `checked` before calling click: the item holds the new value.
      click: (item: { checked: boolean }) => {
        input.settings.setNotificationsEnabled(item.checked);
        input.onNotificationsChange?.(item.checked);
      },
    },
    { id: 'change-server', label: CHANGE_SERVER_LABEL, click: () => input.showRoute(SERVER_SETUP_ROUTE) },
  ];
}

function viewMenu(isPackaged: boolean): MenuItemConstructorOptions {
  const developer: MenuItemConstructorOptions[] = isPackaged ? [] : [{ role: 'toggleDevTools' }];
  return {
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      ...developer,
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
}

/** The menu template for `Menu.buildFromTemplate`. */
export function buildAppMenuTemplate(input: AppMenuInput): MenuItemConstructorOptions[] {
  const mac = input.platform === 'darwin';
  // macOS keeps settings and Quit in the menu named after the app; elsewhere they sit under File.
  const first: MenuItemConstructorOptions = mac
    ? {
        label: input.appName,
        submenu: [
          { role: 'about' },
          separator,
          ...settingsItems(input),
          separator,
          { role: 'services' },
          separator,
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          separator,
          { role: 'quit' },
        ],
      }
    : { label: 'File', submenu: [...settingsItems(input), separator, { role: 'quit' }] };
  return [first, { role: 'editMenu' }, viewMenu(input.isPackaged), { role: 'windowMenu' }];
}
