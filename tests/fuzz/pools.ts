/**
 * Which pool of real values (the fuzz owner's objects, another owner's) a parameter or body field
 * draws from, by its name and the path it appears in, so requests reach past "not found" into the
 * handlers. Names the table does not know get generated values only.
 */
import type { Operation } from './operations';

/** The pools a world can fill (world.ts). */
export const POOLS = [
  'widget',
  'feedback',
  'post',
  'webhook',
  'delivery',
  'host',
  'origin',
  'siteKey',
  'session',
  'email',
  'password',
  'user',
  'url',
] as const;
export type PoolName = (typeof POOLS)[number];

const BY_NAME: Record<string, PoolName> = {
  siteKey: 'siteKey',
  host: 'host',
  origin: 'origin',
  email: 'email',
  newEmail: 'email',
  password: 'password',
  currentPassword: 'password',
  // A webhook's address: the loopback receiver (any other host fails the server's address check).
  url: 'url',
};

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const known = (name: string): PoolName | undefined =>
  (POOLS as readonly string[]).includes(name) ? (name as PoolName) : undefined;

/** The pool for a parameter or field called `name` in `operation`, if there is one. */
export function poolFor(name: string, operation: Operation): PoolName | undefined {
  if (BY_NAME[name]) return BY_NAME[name];
  const lower = name.toLowerCase();
  if (BY_NAME[lower]) return BY_NAME[lower];
  const segments = operation.path.split('/').filter(Boolean);
  if (name === 'id') {
    // `/api/webhooks/{id}`: the segment before the parameter names the object.
    const at = segments.indexOf('{id}');
    return at > 0 ? known(singular(segments[at - 1] ?? '')) : undefined;
  }
  if (name === 'ids') return known(singular(segments[1] ?? ''));
  const idSuffix = /^(\w+?)Ids?$/.exec(name);
  if (idSuffix) return known(idSuffix[1] ?? '');
  return undefined;
}
