import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSettingsStore,
  openSettingsBackend,
  SETTINGS_DEFAULTS,
  type SettingsBackend,
  type WindowBounds,
} from './settings-store';

// electron-store imports electron for its app data folder; outside Electron it needs an absolute
// `cwd` instead, which every test here gives it (vitest.config.ts inlines electron-store so this
// mock reaches its import).
vi.mock('electron', () => ({ default: {} }));

function mapBackend(initial: Record<string, unknown> = {}): SettingsBackend & { values: Map<string, unknown> } {
  const values = new Map(Object.entries(initial));
  return { values, get: (key) => values.get(key), set: (key, value) => void values.set(key, value) };
}

const BOUNDS: WindowBounds = { x: 10, y: 20, width: 1200, height: 800, maximized: false };

describe('createSettingsStore', () => {
  it('answers the defaults for an empty store', () => {
    const settings = createSettingsStore(mapBackend());
    expect(settings.getServerUrl()).toBe(SETTINGS_DEFAULTS.serverUrl);
    expect(settings.getNotificationsEnabled()).toBe(true);
    expect(settings.getWindowBounds()).toBeNull();
  });

  it('keeps what it is given', () => {
    const settings = createSettingsStore(mapBackend());
    settings.setServerUrl('https://tellbox.example.com');
    settings.setNotificationsEnabled(false);
    settings.setWindowBounds(BOUNDS);
    expect(settings.getServerUrl()).toBe('https://tellbox.example.com');
    expect(settings.getNotificationsEnabled()).toBe(false);
    expect(settings.getWindowBounds()).toEqual(BOUNDS);
    settings.setServerUrl(null);
    expect(settings.getServerUrl()).toBeNull();
  });

  it.each([
    42,
    '',
    'not a url',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'app://tellbox',
    'https://user:pass@tellbox.example.com',
    'https://tellbox.example.com/path',
    'https://tellbox.example.com/',
    'https://tellbox.example.com?x=1',
    ['https://tellbox.example.com'],
    { url: 'https://tellbox.example.com' },
    `https://${'a'.repeat(3000)}.com`,
  ])('reads a stored server URL of %j as none', (stored) => {
    expect(createSettingsStore(mapBackend({ serverUrl: stored })).getServerUrl()).toBeNull();
  });

  it.each(['yes', 1, 0, null, {}, 'false'])('reads notifications stored as %j as the default (on)', (stored) => {
    expect(createSettingsStore(mapBackend({ notificationsEnabled: stored })).getNotificationsEnabled()).toBe(true);
  });

  it.each([
    'big',
    { x: 'a', y: 0, width: 800, height: 600 },
    { x: 0, y: 0, width: 10, height: 600 },
    { x: 0, y: 0, width: 800, height: -600 },
    { x: 0.5, y: 0, width: 800, height: 600 },
    { x: Number.NaN, y: 0, width: 800, height: 600 },
    { x: 0, y: 0, width: 800 },
    { x: 0, y: 0, width: 800, height: 600, maximized: 'yes' },
    { x: 1e9, y: 0, width: 800, height: 600 },
  ])('reads window bounds stored as %j as none', (stored) => {
    expect(createSettingsStore(mapBackend({ windowBounds: stored })).getWindowBounds()).toBeNull();
  });

  it('reads bounds saved without the maximised flag as not maximised', () => {
    const settings = createSettingsStore(mapBackend({ windowBounds: { x: 1, y: 2, width: 800, height: 600 } }));
    expect(settings.getWindowBounds()).toEqual({ x: 1, y: 2, width: 800, height: 600, maximized: false });
  });

  it('answers defaults when the backend itself fails', () => {
    const settings = createSettingsStore({
      get: () => {
        throw new Error('disk');
      },
      set: () => undefined,
    });
    expect(settings.getServerUrl()).toBeNull();
    expect(settings.getNotificationsEnabled()).toBe(true);
  });

  it('refuses to write values it would not read back', () => {
    const backend = mapBackend();
    const settings = createSettingsStore(backend);
    expect(() => settings.setServerUrl('javascript:alert(1)')).toThrow(TypeError);
    expect(() => settings.setServerUrl('https://tellbox.example.com/app')).toThrow(TypeError);
    expect(() => settings.setWindowBounds({ ...BOUNDS, width: Number.NaN })).toThrow(TypeError);
    expect(backend.values.size).toBe(0);
  });
});

describe('openSettingsBackend (electron-store on disk)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-settings-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('persists settings in settings.json across instances', async () => {
    const first = createSettingsStore(openSettingsBackend({ cwd: dir }));
    first.setServerUrl('http://localhost:3000');
    first.setNotificationsEnabled(false);
    first.setWindowBounds(BOUNDS);

    const file = JSON.parse(await fs.readFile(path.join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(file).toEqual({ serverUrl: 'http://localhost:3000', notificationsEnabled: false, windowBounds: BOUNDS });

    const second = createSettingsStore(openSettingsBackend({ cwd: dir }));
    expect(second.getServerUrl()).toBe('http://localhost:3000');
    expect(second.getNotificationsEnabled()).toBe(false);
    expect(second.getWindowBounds()).toEqual(BOUNDS);
  });

  it('falls back to defaults for a hand-edited file with wrong values', async () => {
    await fs.writeFile(
      path.join(dir, 'settings.json'),
      JSON.stringify({ serverUrl: 'file:///etc/passwd', notificationsEnabled: 'no', windowBounds: { x: 'left' } }),
    );
    const settings = createSettingsStore(openSettingsBackend({ cwd: dir }));
    expect(settings.getServerUrl()).toBeNull();
    expect(settings.getNotificationsEnabled()).toBe(true);
    expect(settings.getWindowBounds()).toBeNull();
  });

  it('starts from defaults when the file is not JSON at all', async () => {
    await fs.writeFile(path.join(dir, 'settings.json'), '{"serverUrl": "https://tellbox.exa');
    const settings = createSettingsStore(openSettingsBackend({ cwd: dir }));
    expect(settings.getServerUrl()).toBeNull();
    settings.setNotificationsEnabled(false);
    expect(createSettingsStore(openSettingsBackend({ cwd: dir })).getNotificationsEnabled()).toBe(false);
  });
});
