/**
 * Host names are looked up here, and every address found is judged before any is used. The same
 * function is the `lookup` of the socket, so the address judged is the address connected to: a
 * name whose DNS answer changes between a check and the delivery (DNS rebinding) gains nothing.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { forbiddenAddressReason } from './address-policy';
import { OutboundError } from './outbound-error';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Finds the addresses of a host name; injected in tests, the system resolver otherwise. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundDeps {
  /** How host names are looked up; the system resolver unless a test injects one. */
  resolve?: ResolveHost;
}

/** The system resolver (getaddrinfo, so /etc/hosts too): what Node would have used. */
export const resolveWithSystem: ResolveHost = async (hostname) => {
  const found = await systemLookup(hostname, { all: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

function lookupFailure(hostname: string, error: unknown): OutboundError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && NOT_FOUND_CODES.has(code)) return new OutboundError(`${hostname} could not be found`);
  return new OutboundError(`${hostname} could not be looked up just now`);
}

/**
 * The addresses of `hostname`, each one allowed; throws an OutboundError when it cannot be
 * found or when any address is forbidden (one bad address among good ones is still refused).
 */
export async function vetHost(hostname: string, allowPrivate: boolean, resolve: ResolveHost) {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    throw lookupFailure(hostname, error);
  }
  if (addresses.length === 0) throw new OutboundError(`${hostname} could not be found`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) throw new OutboundError(`Refused: ${hostname} resolves to ${address}, ${reason}`);
    }
  }
  return addresses;
}

/**
 * A socket `lookup` that answers only with vetted addresses. Node calls it with `all: true` when
 * it may try several addresses (autoSelectFamily), and for one address otherwise.
 */
export function vettedLookup(allowPrivate: boolean, resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    vetHost(hostname, allowPrivate, resolve).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
        const [first] = usable;
        if (!first) {
          callback(new OutboundError(`${hostname} has no IPv${family} address`), '', 0);
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: OutboundError) => callback(error, '', 0),
    );
  };
}
