import { describe, expect, test, vi } from 'vitest';
import type { SsoSignInResult } from '../../shared/desktop-bridge';
import { IPC } from '../../shared/ipc-channels';
import { registerSsoIpc } from './sso-ipc';
import { appFrame, createFakeIpcMain, UNTRUSTED_SENDERS } from './test-utils';
import { isTrustedSender } from './trusted-sender';

const SIGNED_IN: SsoSignInResult = {
  ok: true,
  login: { id: 'u1', name: 'Ada', email: 'ada@acme.test', token: 'abc' },
};

function setup(signIn: () => Promise<SsoSignInResult> = async () => SIGNED_IN) {
  const fake = createFakeIpcMain();
  const run = vi.fn(signIn);
  registerSsoIpc({ ipcMain: fake.ipcMain, isTrustedSender, signIn: run });
  return { ...fake, run };
}

describe('signInWithSso IPC', () => {
  test('registers its channel', () => {
    expect(setup().channels()).toEqual([IPC.ssoSignIn]);
  });

  test("answers the app's page with the sign-in's result", async () => {
    const { invoke } = setup();
    await expect(invoke(IPC.ssoSignIn, appFrame('app://tellbox/login'))).resolves.toEqual(SIGNED_IN);
  });

  test('a sign-in that throws answers "failed"', async () => {
    const { invoke } = setup(async () => {
      throw new Error('boom');
    });
    await expect(invoke(IPC.ssoSignIn, appFrame())).resolves.toEqual({ ok: false, error: 'failed' });
  });

  test('an argument is refused: the channel takes none', async () => {
    const { invoke, run } = setup();
    await expect(invoke(IPC.ssoSignIn, appFrame(), 'https://evil.tld')).resolves.toEqual({
      ok: false,
      error: 'failed',
    });
    expect(run).not.toHaveBeenCalled();
  });

  test.each(UNTRUSTED_SENDERS)('refuses %s without starting a sign-in', async (_name, event) => {
    const { invoke, run } = setup();
    await expect(invoke(IPC.ssoSignIn, event)).resolves.toEqual({ ok: false, error: 'failed' });
    expect(run).not.toHaveBeenCalled();
  });
});
