/**
 * The test provider's storage (sessions, interactions, codes, tokens, grants), in memory and
 * dropped with the provider. oidc-provider ships one too, but announces it on every start as
 * unfit for production; this one is just as unfit, and quiet about it.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Row {
  payload: AdapterPayload;
  expiresAt: number;
}

export function createMemoryAdapter(): AdapterFactory {
  const rows = new Map<string, Row>();
  const live = (key: string): AdapterPayload | undefined => {
    const row = rows.get(key);
    if (row && row.expiresAt > Date.now()) return row.payload;
    rows.delete(key);
    return undefined;
  };
  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      const found = [...rows].find(([key, row]) => key.startsWith(`${model}:`) && row.payload[field] === value);
      return found && live(found[0]);
    };
    return {
      async upsert(id, payload, expiresIn) {
        rows.set(keyOf(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode);
      },
      async consume(id) {
        const payload = live(keyOf(id));
        // oidc-provider refuses a consumed authorization code a second time.
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        rows.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const [key, row] of rows) if (row.payload.grantId === grantId) rows.delete(key);
      },
    };
  };
}
