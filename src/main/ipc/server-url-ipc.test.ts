import { describe, expect, test, vi } from 'vitest';
import type { ServerUrlResult } from '../../shared/desktop-bridge';
import { IPC } from '../../shared/ipc-channels';
import { registerServerUrlIpc, SERVER_URL_REFUSED } from './server-url-ipc';
import { appFrame, BAD_EMPTY_ARGS, BAD_STRING_ARGS, createFakeIpcMain, UNTRUSTED_SENDERS } from './test-utils';
import { isTrustedSender } from './trusted-sender';

function setup(
  check: (url: string) => Promise<ServerUrlResult> = async () => ({ ok: true, url: 'https://b.example' }),
) {
  const fake = createFakeIpcMain();
  let saved: string | null = 'https://a.example';
  const deps = {
    getServerUrl: vi.fn(() => saved),
    saveServerUrl: vi.fn((url: string) => {
      saved = url;
    }),
    checkServerUrl: vi.fn(check),
    onServerUrlChanged: vi.fn(),
  };
  registerServerUrlIpc({ ipcMain: fake.ipcMain, isTrustedSender, ...deps });
  return { ...fake, ...deps };
}

describe('server URL IPC from the app page', () => {
  test('registers its two channels', () => {
    expect(setup().channels()).toEqual([IPC.getServerUrl, IPC.setServerUrl]);
  });

  test('getServerUrl answers the saved URL', async () => {
    const { invoke } = setup();
    await expect(invoke(IPC.getServerUrl, appFrame())).resolves.toBe('https://a.example');
  });

  test('setServerUrl saves the checked origin (not the raw input) and reports the change', async () => {
    const { invoke, checkServerUrl, saveServerUrl, onServerUrlChanged } = setup();
    await expect(invoke(IPC.setServerUrl, appFrame(), '  https://b.example/  ')).resolves.toEqual({
      ok: true,
      url: 'https://b.example',
    });
    expect(checkServerUrl).toHaveBeenCalledWith('  https://b.example/  ');
    expect(saveServerUrl).toHaveBeenCalledWith('https://b.example');
    expect(onServerUrlChanged).toHaveBeenCalledWith('https://b.example');
  });

  test('setting the same URL again saves it without a change event', async () => {
    const { invoke, onServerUrlChanged } = setup(async () => ({ ok: true, url: 'https://a.example' }));
    await invoke(IPC.setServerUrl, appFrame(), 'https://a.example');
    expect(onServerUrlChanged).not.toHaveBeenCalled();
  });

  test('a failed check is answered as is and nothing is saved', async () => {
    const failure = { ok: false as const, message: 'Could not reach https://b.example.' };
    const { invoke, saveServerUrl } = setup(async () => failure);
    await expect(invoke(IPC.setServerUrl, appFrame(), 'https://b.example')).resolves.toEqual(failure);
    expect(saveServerUrl).not.toHaveBeenCalled();
  });

  test('a check that throws answers the refusal instead of crashing main', async () => {
    const { invoke, saveServerUrl } = setup(async () => Promise.reject(new Error('boom')));
    await expect(invoke(IPC.setServerUrl, appFrame(), 'https://b.example')).resolves.toEqual(SERVER_URL_REFUSED);
    expect(saveServerUrl).not.toHaveBeenCalled();
  });
});

describe('server URL IPC refuses untrusted senders', () => {
  test.each(UNTRUSTED_SENDERS)('%s: nothing read, checked or saved', async (_name, event) => {
    const { invoke, getServerUrl, checkServerUrl, saveServerUrl } = setup();
    await expect(invoke(IPC.getServerUrl, event)).resolves.toBeNull();
    await expect(invoke(IPC.setServerUrl, event, 'https://evil.tld')).resolves.toEqual(SERVER_URL_REFUSED);
    expect(getServerUrl).not.toHaveBeenCalled();
    expect(checkServerUrl).not.toHaveBeenCalled();
    expect(saveServerUrl).not.toHaveBeenCalled();
  });
});

describe('server URL IPC refuses bad arguments', () => {
  test.each(BAD_STRING_ARGS)('setServerUrl with %s', async (_name, args) => {
    const { invoke, checkServerUrl, saveServerUrl } = setup();
    await expect(invoke(IPC.setServerUrl, appFrame(), ...args)).resolves.toEqual(SERVER_URL_REFUSED);
    expect(checkServerUrl).not.toHaveBeenCalled();
    expect(saveServerUrl).not.toHaveBeenCalled();
  });

  test('setServerUrl with 2049 characters', async () => {
    const { invoke, checkServerUrl } = setup();
    const long = `https://a.example/${'a'.repeat(2049 - 'https://a.example/'.length)}`;
    await expect(invoke(IPC.setServerUrl, appFrame(), long)).resolves.toEqual(SERVER_URL_REFUSED);
    expect(checkServerUrl).not.toHaveBeenCalled();
  });

  test.each(BAD_EMPTY_ARGS)('getServerUrl with %s', async (_name, args) => {
    const { invoke, getServerUrl } = setup();
    await expect(invoke(IPC.getServerUrl, appFrame(), ...args)).resolves.toBeNull();
    expect(getServerUrl).not.toHaveBeenCalled();
  });
});
