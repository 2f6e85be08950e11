/**
 * Which IP addresses the server may send webhooks to: public unicast ones only. Anything else
 * (loopback, private networks, link-local and so cloud metadata services, and the rest) would let
 * an owner make the server probe its own network, so it is refused with a reason they can read.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The words for each range ipaddr.js names; a range not listed here reads as "a reserved address". */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  uniqueLocal: 'a private network address (IPv6 unique local)',
  linkLocal: 'a link-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address',
  deprecatedSiteLocal: 'a site-local address',
};

/** 64:ff9b::/96, the well-known NAT64 prefix: its last 32 bits are the IPv4 address reached. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function parse(address: string): Address | null {
  // ipaddr.js also reads shorthands such as "1.2.3"; only the forms a socket connects to count.
  if (isIP(address) === 0) return null;
  try {
    return ipaddr.parse(address);
  } catch {
    return null;
  }
}

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [high = 0, low = 0] = address.parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function reasonFor(address: Address): string | null {
  if (address instanceof ipaddr.IPv6) {
    if (address.isIPv4MappedAddress()) {
      const inner = reasonFor(address.toIPv4Address());
      return inner && `an IPv4-mapped form of ${address.toIPv4Address().toString()}, ${inner}`;
    }
    // A NAT64 gateway connects on to the IPv4 address inside, so that address is what counts.
    if (address.match(NAT64_WELL_KNOWN)) {
      const inner = embeddedIPv4(address);
      const innerReason = reasonFor(inner);
      return innerReason && `a NAT64 form of ${inner.toString()}, ${innerReason}`;
    }
  }
  const range = address.range();
  if (range === 'unicast') {
    // ::/8 is reserved by the IETF; ipaddr.js calls most of it unicast, yet it holds the
    // deprecated IPv4-compatible form (::127.0.0.1), which some stacks still route.
    if (address instanceof ipaddr.IPv6 && (address.parts[0] ?? 0) < 0x100) return 'a reserved address';
    return null;
  }
  return RANGE_WORDS[range] ?? 'a reserved address';
}

/**
 * Why the server may not connect to `address` ("a loopback address", …), or null when it is a
 * public unicast address. Something that is not an IP address at all is refused too.
 */
export function forbiddenAddressReason(address: string): string | null {
  const parsed = parse(address);
  return parsed ? reasonFor(parsed) : 'not an IP address';
}
