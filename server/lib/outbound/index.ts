/**
 * The server's one way to send HTTP requests to URLs that owners type (webhooks): public
 * addresses only unless allowed, one deadline, no redirects, a bounded read.
 */
export { checkOutboundUrl } from './check-outbound-url';
export { OUTBOUND_MAX_RESPONSE_BYTES, OUTBOUND_TIMEOUT_MS, OUTBOUND_USER_AGENT } from './outbound-limits';
export type { OutboundDeps, ResolvedAddress, ResolveHost } from './resolve-host';
export { sendOutbound, type OutboundRequest, type OutboundResult } from './send-outbound';
