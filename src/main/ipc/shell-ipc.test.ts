import { describe, expect, test, vi } from 'vitest';
import { IPC } from '../../shared/ipc-channels';
import { registerShellIpc } from './shell-ipc';
import { appFrame, BAD_STRING_ARGS, createFakeIpcMain, UNTRUSTED_SENDERS } from './test-utils';
import { isTrustedSender } from './trusted-sender';

const CHECKOUT = 'https://checkout.stripe.com/c/pay/cs_test_a1';

function setup(openExternal: (url: string) => boolean | Promise<boolean> = () => true) {
  const fake = createFakeIpcMain();
  const open = vi.fn(openExternal);
  registerShellIpc({ ipcMain: fake.ipcMain, isTrustedSender, openExternal: open });
  return { ...fake, open };
}

describe('openExternal IPC', () => {
  test('registers its channel', () => {
    expect(setup().channels()).toEqual([IPC.openExternal]);
  });

  test('hands a string URL from the app page to the allow-listed opener', async () => {
    const { invoke, open } = setup();
    await expect(invoke(IPC.openExternal, appFrame(), CHECKOUT)).resolves.toBe(true);
    expect(open).toHaveBeenCalledWith(CHECKOUT);
  });

  test('answers false when the opener refuses, throws or answers something odd', async () => {
    await expect(setup(() => false).invoke(IPC.openExternal, appFrame(), 'file:///etc/passwd')).resolves.toBe(false);
    const throwing = setup(() => {
      throw new Error('boom');
    });
    await expect(throwing.invoke(IPC.openExternal, appFrame(), CHECKOUT)).resolves.toBe(false);
    const odd = setup(() => 'yes' as unknown as boolean);
    await expect(odd.invoke(IPC.openExternal, appFrame(), CHECKOUT)).resolves.toBe(false);
  });

  test.each(UNTRUSTED_SENDERS)('refuses %s without opening anything', async (_name, event) => {
    const { invoke, open } = setup();
    await expect(invoke(IPC.openExternal, event, CHECKOUT)).resolves.toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  test.each(BAD_STRING_ARGS)('refuses %s without opening anything', async (_name, args) => {
    const { invoke, open } = setup();
    await expect(invoke(IPC.openExternal, appFrame(), ...args)).resolves.toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  test('refuses a URL of 4097 characters, accepts 4096', async () => {
    const { invoke, open } = setup();
    const url = (length: number) => `${CHECKOUT}?x=${'a'.repeat(length - CHECKOUT.length - 3)}`;
    await expect(invoke(IPC.openExternal, appFrame(), url(4097))).resolves.toBe(false);
    expect(open).not.toHaveBeenCalled();
    await expect(invoke(IPC.openExternal, appFrame(), url(4096))).resolves.toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
