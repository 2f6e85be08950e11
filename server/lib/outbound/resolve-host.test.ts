import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, test } from 'vitest';
import { vetHost, vettedLookup, type ResolveHost } from './resolve-host';

const answers =
  (...addresses: string[]): ResolveHost =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

/** Calls a lookup the way a socket does and returns what it answered. */
function ask(lookup: LookupFunction, all: boolean, family = 0) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    lookup('hooks.example.test', { all, family }, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('vetting a host name', () => {
  test('every address counts: a loopback one after a public one is still refused', async () => {
    await expect(vetHost('mixed.test', false, answers('93.184.216.34', '127.0.0.1'))).rejects.toThrow(
      'Refused: mixed.test resolves to 127.0.0.1, a loopback address',
    );
    await expect(vetHost('mixed.test', true, answers('93.184.216.34', '127.0.0.1'))).resolves.toHaveLength(2);
  });

  test('a name with no addresses could not be found', async () => {
    await expect(vetHost('empty.test', false, answers())).rejects.toThrow('empty.test could not be found');
  });

  test('the socket lookup answers in both of the forms Node asks for, and by family', async () => {
    const lookup = vettedLookup(false, answers('93.184.216.34', '2606:4700::1111'));
    expect(await ask(lookup, true)).toEqual({
      error: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ],
      family: undefined,
    });
    expect(await ask(lookup, false)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(await ask(lookup, false, 6)).toEqual({ error: null, address: '2606:4700::1111', family: 6 });
  });

  test('the socket lookup passes a refusal on as its error', async () => {
    const { error } = await ask(vettedLookup(false, answers('10.1.2.3')), true);
    expect(error?.message).toBe('Refused: hooks.example.test resolves to 10.1.2.3, a private network address');
  });
});
