import { describe, expect, test, vi } from 'vitest';
import { IPC } from '../../shared/ipc-channels';
import type { CredentialStore } from '../services/credential-store';
import { registerCredentialsIpc, TOKEN_NOT_KEPT } from './credentials-ipc';
import {
  appFrame,
  BAD_EMPTY_ARGS,
  BAD_STRING_ARGS,
  createFakeIpcMain,
  HUGE_STRING,
  UNTRUSTED_SENDERS,
} from './test-utils';
import { isTrustedSender } from './trusted-sender';

const SERVER = 'https://tellbox.example.com';
const TOKEN = 'Bearer Xk3_pQ-9aZ0bY7cW2eR5tU8iO1lK4jH6gF3dS0aQ2w';

function setup(options: { account?: string | null; credentials?: Partial<CredentialStore> } = {}) {
  const fake = createFakeIpcMain();
  const credentials = {
    get: vi.fn(async () => TOKEN),
    set: vi.fn(async () => ({ stored: 'keychain' as const })),
    clear: vi.fn(async () => undefined),
    ...options.credentials,
  };
  const onTokenChanged = vi.fn();
  registerCredentialsIpc({
    ipcMain: fake.ipcMain,
    isTrustedSender,
    credentials,
    getAccount: () => (options.account === undefined ? SERVER : options.account),
    onTokenChanged,
  });
  return { ...fake, credentials, onTokenChanged };
}

describe('credentials IPC from the app page', () => {
  test('registers the three token channels', () => {
    expect(setup().channels()).toEqual([IPC.getToken, IPC.setToken, IPC.clearToken]);
  });

  test('getToken reads the token of the current server', async () => {
    const { invoke, credentials } = setup();
    await expect(invoke(IPC.getToken, appFrame())).resolves.toBe(TOKEN);
    expect(credentials.get).toHaveBeenCalledWith(SERVER);
  });

  test('setToken stores a well-formed token under the server origin and reports where', async () => {
    const { invoke, credentials, onTokenChanged } = setup();
    await expect(invoke(IPC.setToken, appFrame(), TOKEN)).resolves.toEqual({ stored: 'keychain' });
    expect(credentials.set).toHaveBeenCalledWith(SERVER, TOKEN);
    expect(onTokenChanged).toHaveBeenCalledTimes(1);
  });

  test('setToken passes on the keychain-unavailable answer', async () => {
    const memory = { stored: 'memory' as const, message: 'The system keychain is unavailable…' };
    const { invoke } = setup({ credentials: { set: vi.fn(async () => memory) } });
    await expect(invoke(IPC.setToken, appFrame(), TOKEN)).resolves.toEqual(memory);
  });

  test('clearToken removes the token and reports the change', async () => {
    const { invoke, credentials, onTokenChanged } = setup();
    await expect(invoke(IPC.clearToken, appFrame())).resolves.toBeUndefined();
    expect(credentials.clear).toHaveBeenCalledWith(SERVER);
    expect(onTokenChanged).toHaveBeenCalledTimes(1);
  });

  test('without a server URL there is no token to read or keep', async () => {
    const { invoke, credentials } = setup({ account: null });
    await expect(invoke(IPC.getToken, appFrame())).resolves.toBeNull();
    await expect(invoke(IPC.setToken, appFrame(), TOKEN)).resolves.toEqual(TOKEN_NOT_KEPT);
    await expect(invoke(IPC.clearToken, appFrame())).resolves.toBeUndefined();
    expect(credentials.get).not.toHaveBeenCalled();
    expect(credentials.set).not.toHaveBeenCalled();
    expect(credentials.clear).not.toHaveBeenCalled();
  });

  test('a failing store answers the safe value instead of throwing into main', async () => {
    const broken = new Error('keychain exploded');
    const { invoke } = setup({
      credentials: {
        get: vi.fn(async () => Promise.reject(broken)),
        set: vi.fn(async () => Promise.reject(broken)),
        clear: vi.fn(async () => Promise.reject(broken)),
      },
    });
    await expect(invoke(IPC.getToken, appFrame())).resolves.toBeNull();
    await expect(invoke(IPC.setToken, appFrame(), TOKEN)).resolves.toEqual(TOKEN_NOT_KEPT);
    await expect(invoke(IPC.clearToken, appFrame())).resolves.toBeUndefined();
  });
});

describe('credentials IPC refuses untrusted senders', () => {
  test.each(UNTRUSTED_SENDERS)('%s: no token read, stored or cleared', async (_name, event) => {
    const { invoke, credentials, onTokenChanged } = setup();
    await expect(invoke(IPC.getToken, event)).resolves.toBeNull();
    await expect(invoke(IPC.setToken, event, TOKEN)).resolves.toEqual(TOKEN_NOT_KEPT);
    await expect(invoke(IPC.clearToken, event)).resolves.toBeUndefined();
    expect(credentials.get).not.toHaveBeenCalled();
    expect(credentials.set).not.toHaveBeenCalled();
    expect(credentials.clear).not.toHaveBeenCalled();
    expect(onTokenChanged).not.toHaveBeenCalled();
  });
});

describe('credentials IPC refuses bad arguments', () => {
  const badTokens: Array<[string, unknown[]]> = [
    ...BAD_STRING_ARGS,
    ['a bare token without Bearer', ['Xk3_pQ-9aZ0bY7cW2eR5tU8iO1lK4jH6gF3dS0aQ2w']],
    ['an empty token', ['Bearer ']],
    ['a token with spaces', ['Bearer abc def']],
    ['a token with a newline', ['Bearer abc\n']],
    ['header injection', ['Bearer abc\r\nX-Evil: 1']],
    ['a token of 513 characters', [`Bearer ${'a'.repeat(513)}`]],
    ['a huge Bearer token', [`Bearer ${HUGE_STRING}`]],
    ['lower-case bearer', ['bearer abc']],
  ];

  test.each(badTokens)('setToken with %s', async (_name, args) => {
    const { invoke, credentials } = setup();
    await expect(invoke(IPC.setToken, appFrame(), ...args)).resolves.toEqual(TOKEN_NOT_KEPT);
    expect(credentials.set).not.toHaveBeenCalled();
  });

  test('setToken accepts the longest allowed token', async () => {
    const { invoke, credentials } = setup();
    const longest = `Bearer ${'a'.repeat(512)}`;
    await expect(invoke(IPC.setToken, appFrame(), longest)).resolves.toEqual({ stored: 'keychain' });
    expect(credentials.set).toHaveBeenCalledWith(SERVER, longest);
  });

  test.each(BAD_EMPTY_ARGS)('getToken and clearToken with %s', async (_name, args) => {
    const { invoke, credentials } = setup();
    await expect(invoke(IPC.getToken, appFrame(), ...args)).resolves.toBeNull();
    await expect(invoke(IPC.clearToken, appFrame(), ...args)).resolves.toBeUndefined();
    expect(credentials.get).not.toHaveBeenCalled();
    expect(credentials.clear).not.toHaveBeenCalled();
  });
});
