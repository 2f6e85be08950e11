import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { handleValidated } from './ipc-handler';
import { appFrame, createFakeIpcMain } from './test-utils';

function setup(
  isTrustedSender: () => boolean,
  run: (value: string) => string | Promise<string> = vi.fn((value: string) => `ran ${value}`),
) {
  const spy = vi.fn(run);
  const fake = createFakeIpcMain();
  handleValidated(fake.ipcMain, 'test:channel', {
    isTrustedSender,
    args: z.tuple([z.string().max(5)]),
    rejected: 'refused',
    run: spy,
  });
  return { ...fake, run: spy };
}

describe('handleValidated', () => {
  test('runs the service with the parsed arguments for a trusted sender', async () => {
    const { invoke, run } = setup(() => true);
    await expect(invoke('test:channel', appFrame(), 'hello')).resolves.toBe('ran hello');
    expect(run).toHaveBeenCalledWith('hello');
  });

  test('checks the sender before looking at the arguments', async () => {
    const isTrustedSender = vi.fn(() => false);
    const { invoke, run } = setup(isTrustedSender);
    await expect(invoke('test:channel', appFrame(), 'hello')).resolves.toBe('refused');
    expect(isTrustedSender).toHaveBeenCalledTimes(1);
    expect(run).not.toHaveBeenCalled();
  });

  test('a sender check that throws or answers a truthy non-boolean refuses', async () => {
    const throwing = setup(() => {
      throw new Error('frame disposed');
    });
    await expect(throwing.invoke('test:channel', appFrame(), 'hello')).resolves.toBe('refused');
    const truthy = setup(() => 'yes' as unknown as boolean);
    await expect(truthy.invoke('test:channel', appFrame(), 'hello')).resolves.toBe('refused');
    expect(throwing.run).not.toHaveBeenCalled();
    expect(truthy.run).not.toHaveBeenCalled();
  });

  test('a service that throws synchronously or rejects answers the safe value', async () => {
    const sync = setup(
      () => true,
      () => {
        throw new Error('boom');
      },
    );
    await expect(sync.invoke('test:channel', appFrame(), 'x')).resolves.toBe('refused');
    const rejecting = setup(
      () => true,
      async () => Promise.reject(new Error('boom')),
    );
    await expect(rejecting.invoke('test:channel', appFrame(), 'x')).resolves.toBe('refused');
  });

  test('fuzzed arguments never throw and never reach the service', async () => {
    const { invoke, run } = setup(() => true);
    const values: unknown[] = [
      undefined,
      null,
      0,
      -1,
      Number.NaN,
      Infinity,
      true,
      Symbol('s'),
      10n,
      {},
      [],
      ['abc'],
      { length: 1, 0: 'abc' },
      new Date(),
      new Uint8Array(8),
      () => 'abc',
      'x'.repeat(6),
      'x'.repeat(10_000_000),
      Object.create(null),
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
        },
      ),
    ];
    for (const value of values) {
      await expect(invoke('test:channel', appFrame(), value)).resolves.toBe('refused');
    }
    expect(run).not.toHaveBeenCalled();
  });
});
