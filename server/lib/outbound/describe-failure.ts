/** Turns what Node throws while sending into words an owner can act on. */
import { OutboundError } from './outbound-error';

/** "Timed out after 5 s", "Timed out after 0.3 s". */
export function timedOutMessage(timeoutMs: number): string {
  return `Timed out after ${timeoutMs / 1000} s`;
}

const WORDS_BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'The connection was closed before an answer came',
  EPIPE: 'The connection was closed before an answer came',
  EHOSTUNREACH: 'The host could not be reached',
  ENETUNREACH: 'The host could not be reached',
  EHOSTDOWN: 'The host could not be reached',
  EADDRNOTAVAIL: 'The host could not be reached',
};

function isCertificateProblem(code: string): boolean {
  return code.includes('CERT') || code.startsWith('ERR_TLS_') || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE';
}

/** The owner's words for an error raised before an answer arrived. */
export function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof OutboundError) return error.message;
  const { code = '', message = String(error) } = (error ?? {}) as NodeJS.ErrnoException;
  const words = WORDS_BY_CODE[code];
  if (words) return words;
  if (code === 'ETIMEDOUT') return timedOutMessage(timeoutMs);
  if (isCertificateProblem(code)) return `The endpoint's TLS certificate was not accepted (${message})`;
  if (code.startsWith('ERR_SSL_')) return `The TLS handshake failed (${message})`;
  if (code.startsWith('HPE_')) return 'The endpoint did not answer in HTTP';
  return `The request could not be sent (${message})`;
}
