/** The limits every outbound webhook request runs under, defined once. */

/** The whole exchange (look-up, connect, answer) gets this long. */
export const OUTBOUND_TIMEOUT_MS = 5_000;
/** At most this much of an answer is read; then the connection is dropped. */
export const OUTBOUND_MAX_RESPONSE_BYTES = 4_096;
/** Sent unless the caller gives a User-Agent of its own. */
export const OUTBOUND_USER_AGENT = 'Tellbox-Webhooks/1.0';
