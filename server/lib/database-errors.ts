/**
 * Tells a database that is away (restarting, unreachable, out of connections) from a bug. Such a
 * request is answered 503 with Retry-After at once, never left hanging and never a 500: the
 * request was fine, and the same one succeeds once the database is back.
 */

/** SQLSTATE classes and codes that mean "the server is not there right now". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** What pg says when a connection died under a query or none could be had in time. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (is )?closed/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  // A transaction's rollback on a connection that had just died.
  /not queryable/i,
];

export const DATABASE_UNAVAILABLE = 'Tellbox is briefly unavailable. Please try again in a moment.';

/**
 * Text the database's encoding cannot hold (PostgreSQL refuses U+0000 in a URL's id or query
 * parameter): the request's fault, a 400. JSON bodies never get this far (lib/nul-text.ts).
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}
