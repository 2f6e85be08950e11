import type { IpcMain } from 'electron';
import { describe, expect, test } from 'vitest';
import type { IpcMainLike } from './ipc-handler';
import { appFrame, UNTRUSTED_SENDERS } from './test-utils';
import { isAppUrl, isTrustedSender } from './trusted-sender';

// Compile-time: Electron's own ipcMain can be handed to the register functions.
const _electronIpcMainFits = (ipcMain: IpcMain): IpcMainLike => ipcMain;

describe('isTrustedSender', () => {
  test.each(['app://tellbox/', 'app://tellbox/feedback?widget=w1', 'app://tellbox/login#top'])(
    'trusts the app page %s in the top frame',
    (url) => {
      expect(isTrustedSender(appFrame(url))).toBe(true);
    },
  );

  test.each(UNTRUSTED_SENDERS)('refuses %s', (_name, event) => {
    expect(isTrustedSender(event)).toBe(false);
  });
});

describe('isAppUrl', () => {
  test('compares scheme and host, since Node gives app: URLs the origin "null"', () => {
    expect(new URL('app://tellbox/').origin).toBe('null');
    expect(isAppUrl('app://tellbox/settings')).toBe(true);
    expect(isAppUrl('app://tellbox')).toBe(true);
  });

  test.each(['app://tellbox.evil/', 'app://evil/tellbox', 'null', 'tellbox', 'app:tellbox', 'APP://evil/'])(
    'refuses %s',
    (url) => {
      expect(isAppUrl(url)).toBe(false);
    },
  );
});
