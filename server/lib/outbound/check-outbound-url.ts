import { OutboundError } from './outbound-error';
import { parseOutboundUrl } from './outbound-url';
import { resolveWithSystem, vetHost, type OutboundDeps } from './resolve-host';

/**
 * For create and edit forms: null when `url` may receive webhooks now, else why not ("Only
 * http:// and https:// URLs…", "Refused: localhost resolves to 127.0.0.1, a loopback address",
 * "hooks.example could not be found"). Deliveries judge the address again when they connect.
 */
export async function checkOutboundUrl(
  url: string,
  allowPrivate: boolean,
  deps: OutboundDeps = {},
): Promise<string | null> {
  try {
    const target = parseOutboundUrl(url, allowPrivate);
    if (!target.literal) await vetHost(target.host, allowPrivate, deps.resolve ?? resolveWithSystem);
    return null;
  } catch (error) {
    if (error instanceof OutboundError) return error.message;
    throw error;
  }
}
