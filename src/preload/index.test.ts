import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { DesktopBridge } from '../shared/desktop-bridge';
import { IPC } from '../shared/ipc-channels';

// What the preload sees of Electron: a main world to expose into and an ipcRenderer that is a
// real event emitter, so subscribing and unsubscribing behave as they would.
const fake = vi.hoisted(() => ({
  exposed: {} as Record<string, unknown>,
  invoke: null as unknown as ReturnType<typeof vi.fn>,
  emitter: null as unknown as EventEmitter,
}));

vi.mock('electron', () => {
  fake.emitter = new EventEmitter();
  fake.invoke = vi.fn(async (channel: string, ...args: unknown[]) => ({ channel, args }));
  return {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        fake.exposed[key] = api;
      },
    },
    ipcRenderer: {
      invoke: fake.invoke,
      on: (channel: string, listener: (...args: unknown[]) => void) => fake.emitter.on(channel, listener),
      removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
        fake.emitter.removeListener(channel, listener),
    },
  };
});

const DOCUMENTED = [
  'getToken',
  'setToken',
  'clearToken',
  'getServerUrl',
  'setServerUrl',
  'openExternal',
  'signInWithSso',
  'onNotificationClick',
];

async function loadBridge(): Promise<DesktopBridge> {
  await import('./index');
  return fake.exposed.tellbox as DesktopBridge;
}

beforeEach(() => {
  fake.invoke?.mockClear();
});

describe('the preload bridge', () => {
  test('exposes exactly the documented methods as window.tellbox, and nothing else', async () => {
    const bridge = await loadBridge();
    expect(Object.keys(fake.exposed)).toEqual(['tellbox']);
    expect(Object.keys(bridge)).toEqual(DOCUMENTED);
    for (const key of DOCUMENTED) expect(typeof (bridge as unknown as Record<string, unknown>)[key]).toBe('function');
    const loose = bridge as unknown as Record<string, unknown>;
    expect(loose.invoke).toBeUndefined();
    expect(loose.send).toBeUndefined();
    expect(loose.ipcRenderer).toBeUndefined();
  });

  test('each method invokes its own channel with its argument only', async () => {
    const bridge = await loadBridge();
    await bridge.getToken();
    await bridge.setToken('Bearer abc');
    await bridge.clearToken();
    await bridge.getServerUrl();
    await bridge.setServerUrl('https://tellbox.example.com');
    await bridge.openExternal('https://checkout.stripe.com/c/pay/cs_test_1');
    await bridge.signInWithSso();
    expect(fake.invoke.mock.calls).toEqual([
      [IPC.getToken],
      [IPC.setToken, 'Bearer abc'],
      [IPC.clearToken],
      [IPC.getServerUrl],
      [IPC.setServerUrl, 'https://tellbox.example.com'],
      [IPC.openExternal, 'https://checkout.stripe.com/c/pay/cs_test_1'],
      [IPC.ssoSignIn],
    ]);
  });

  test('a method answers what main answered', async () => {
    const bridge = await loadBridge();
    fake.invoke.mockResolvedValueOnce('Bearer from-keychain');
    await expect(bridge.getToken()).resolves.toBe('Bearer from-keychain');
  });

  test('a notification-click callback receives the route only, never the IPC event', async () => {
    const bridge = await loadBridge();
    const callback = vi.fn();
    const unsubscribe = bridge.onNotificationClick(callback);
    const ipcEvent = { sender: { send: () => undefined }, ports: [] };
    fake.emitter.emit(IPC.notificationClick, ipcEvent, '/feedback?widget=w1');
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback.mock.calls[0]).toEqual(['/feedback?widget=w1']);
    unsubscribe();
  });

  test('a payload that is not a route string is not passed on', async () => {
    const bridge = await loadBridge();
    const callback = vi.fn();
    const unsubscribe = bridge.onNotificationClick(callback);
    fake.emitter.emit(IPC.notificationClick, {}, { url: 'https://evil.tld' });
    fake.emitter.emit(IPC.notificationClick, {});
    expect(callback).not.toHaveBeenCalled();
    unsubscribe();
  });

  test('unsubscribe stops the callback and removes the listener', async () => {
    const bridge = await loadBridge();
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = bridge.onNotificationClick(first);
    const unsubscribeSecond = bridge.onNotificationClick(second);
    expect(fake.emitter.listenerCount(IPC.notificationClick)).toBe(2);
    unsubscribeFirst();
    fake.emitter.emit(IPC.notificationClick, {}, '/feedback');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('/feedback');
    unsubscribeSecond();
    unsubscribeSecond(); // twice is harmless
    expect(fake.emitter.listenerCount(IPC.notificationClick)).toBe(0);
  });

  test('the preload imports nothing but electron and the channel names (no zod in the sandbox)', () => {
    const source = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^\s*import\s+(type\s+)?[^'"]*['"]([^'"]+)['"]/gm)]
      .filter((match) => !match[1])
      .map((match) => match[2]);
    expect(imports).toEqual(['electron', '../shared/ipc-channels']);
    expect(source).not.toMatch(/\brequire\s*\(|import\s*\(/);
  });
});
