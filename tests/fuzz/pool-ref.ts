/**
 * A placeholder for a real value (a widget's id, the owner's e-mail) inside a generated request.
 * Requests are generated before they are sent, and the objects behind the ids may be deleted and
 * made again meanwhile, so the value is looked up in the world only when the request goes out.
 */

/** Whose value: the fuzz owner's own, or another owner's (which must answer as if it did not exist). */
export type PoolSide = 'own' | 'other';

export class PoolRef {
  constructor(
    readonly pool: string,
    readonly side: PoolSide,
    /** Which of the pool's values (modulo its size), so a shrunk case keeps its choice. */
    readonly pick: number,
  ) {}

  toString() {
    return `<${this.side} ${this.pool} #${this.pick}>`;
  }
}

/** Looks up the current values of a pool; an empty list when the world has none. */
export type PoolLookup = (pool: string, side: PoolSide) => readonly string[];

/** `value` with every PoolRef replaced by the value it names now (a random-looking id if the pool is empty). */
export function resolveRefs(value: unknown, lookup: PoolLookup): unknown {
  if (value instanceof PoolRef) {
    const values = lookup(value.pool, value.side);
    return values.length > 0 ? values[value.pick % values.length] : `missing-${value.pool}`;
  }
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, lookup));
  const prototype = typeof value === 'object' && value !== null ? (Object.getPrototypeOf(value) as unknown) : undefined;
  // Plain objects only (fast-check builds some records without a prototype); RawJson and Verbatim stay as they are.
  if (typeof value === 'object' && value !== null && (prototype === Object.prototype || prototype === null)) {
    // defineProperty keeps a generated `__proto__` key an own key, as JSON.parse on the server makes it.
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, { value: resolveRefs(item, lookup), enumerable: true, writable: true });
    }
    return out;
  }
  return value;
}
