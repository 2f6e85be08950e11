import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { buildAppMenuTemplate, CHANGE_SERVER_LABEL, NOTIFICATIONS_LABEL, type AppMenuInput } from './app-menu';

function setup(overrides: Partial<AppMenuInput> = {}) {
  let enabled = true;
  const settings = {
    getNotificationsEnabled: vi.fn(() => enabled),
    setNotificationsEnabled: vi.fn((value: boolean) => void (enabled = value)),
  };
  const onNotificationsChange = vi.fn();
  const showRoute = vi.fn();
  const input: AppMenuInput = {
    platform: 'linux',
    appName: 'Tellbox',
    isPackaged: true,
    settings,
    onNotificationsChange,
    showRoute,
    ...overrides,
  };
  return { input, settings, onNotificationsChange, showRoute, setEnabled: (value: boolean) => (enabled = value) };
}

/** Every item in the template, depth first. */
function allItems(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? allItems(item.submenu) : [])]);
}

function find(template: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions {
  const item = allItems(template).find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no menu item ${id}`);
  return item;
}

/** Calls an item's click as Electron would, with the item itself (its `checked` already flipped). */
function click(item: MenuItemConstructorOptions, checked?: boolean) {
  const handler = item.click as ((menuItem: { checked: boolean }) => void) | undefined;
  if (!handler) throw new Error(`${item.label} has no click`);
  handler({ checked: checked ?? false });
}

const roles = (template: MenuItemConstructorOptions[]) =>
  allItems(template).flatMap((item) => (item.role ? [item.role] : []));

describe('buildAppMenuTemplate', () => {
  it('has File, Edit, View and Window menus on Windows and Linux', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const template = buildAppMenuTemplate(setup({ platform }).input);
      expect(template.map((item) => item.label ?? item.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu']);
      const file = template[0]!.submenu as MenuItemConstructorOptions[];
      expect(file.map((item) => item.label ?? item.role ?? item.type)).toEqual([
        NOTIFICATIONS_LABEL,
        CHANGE_SERVER_LABEL,
        'separator',
        'quit',
      ]);
    }
  });

  it('puts the settings in the app menu on macOS, with the standard app roles', () => {
    const template = buildAppMenuTemplate(setup({ platform: 'darwin', appName: 'Tellbox' }).input);
    expect(template.map((item) => item.label ?? item.role)).toEqual(['Tellbox', 'editMenu', 'View', 'windowMenu']);
    const app = template[0]!.submenu as MenuItemConstructorOptions[];
    expect(app.map((item) => item.label ?? item.role ?? item.type)).toEqual([
      'about',
      'separator',
      NOTIFICATIONS_LABEL,
      CHANGE_SERVER_LABEL,
      'separator',
      'services',
      'separator',
      'hide',
      'hideOthers',
      'unhide',
      'separator',
      'quit',
    ]);
  });

  it('has the standard view roles', () => {
    const template = buildAppMenuTemplate(setup().input);
    expect(roles(template)).toEqual(
      expect.arrayContaining(['reload', 'forceReload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']),
    );
  });

  it('has no devtools in packaged builds, on any platform', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const template = buildAppMenuTemplate(setup({ platform, isPackaged: true }).input);
      expect(roles(template)).not.toContain('toggleDevTools');
      expect(JSON.stringify(template).toLowerCase()).not.toContain('devtools');
    }
  });

  it('offers devtools in development', () => {
    expect(roles(buildAppMenuTemplate(setup({ isPackaged: false }).input))).toContain('toggleDevTools');
  });

  it('shows the notifications checkbox as the settings store has it', () => {
    const { input, setEnabled } = setup();
    expect(find(buildAppMenuTemplate(input), 'notifications')).toMatchObject({ type: 'checkbox', checked: true });
    setEnabled(false);
    expect(find(buildAppMenuTemplate(input), 'notifications')).toMatchObject({ type: 'checkbox', checked: false });
  });

  it('saves the checkbox in the settings store and tells onNotificationsChange', () => {
    const { input, settings, onNotificationsChange } = setup();
    const item = find(buildAppMenuTemplate(input), 'notifications');
    click(item, false);
    expect(settings.setNotificationsEnabled).toHaveBeenLastCalledWith(false);
    expect(onNotificationsChange).toHaveBeenLastCalledWith(false);
    click(item, true);
    expect(settings.setNotificationsEnabled).toHaveBeenLastCalledWith(true);
    expect(onNotificationsChange).toHaveBeenLastCalledWith(true);
    expect(settings.getNotificationsEnabled()).toBe(true);
  });

  it('sends the console to its server screen from "Change Tellbox server…"', () => {
    const { input, showRoute } = setup();
    click(find(buildAppMenuTemplate(input), 'change-server'));
    expect(showRoute).toHaveBeenCalledWith('/setup-server');
  });
});
