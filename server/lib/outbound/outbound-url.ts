/** Reads a webhook URL and judges what can be judged without DNS: the scheme and a literal IP host. */
import { isIP } from 'node:net';
import { forbiddenAddressReason } from './address-policy';
import { OutboundError } from './outbound-error';

export interface OutboundTarget {
  url: URL;
  /** The host to connect to, without the brackets of an IPv6 literal. */
  host: string;
  /** Whether `host` is an IP address, which Node connects to without calling any lookup. */
  literal: boolean;
}

/**
 * The parsed target of `raw`; throws an OutboundError for a URL that is not http(s) or whose
 * host is a forbidden IP address (WHATWG parsing has already turned "0x7f.1" into "127.0.0.1").
 */
export function parseOutboundUrl(raw: string, allowPrivate: boolean): OutboundTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('That is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('Only http:// and https:// URLs can receive webhooks');
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host) !== 0;
  if (literal && !allowPrivate) {
    const reason = forbiddenAddressReason(host);
    if (reason) throw new OutboundError(`Refused: ${host} is ${reason}`);
  }
  return { url, host, literal };
}
