import type { AuthUser } from '../../lib/auth';
import { hashToken, newId, newSecretToken } from '../../lib/ids';
import { DAY_MS, addMs, type Clock } from '../../lib/time';
import type { SessionsRepo } from './sessions.repo';

/** A session's absolute lifetime (docs/security-model.md A-17); logging in again starts a new one. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

/** Opaque bearer tokens: issued on login, checked on every owner request, revocable. */
export function createSessionsService(deps: { sessions: SessionsRepo; clock: Clock }) {
  const { sessions, clock } = deps;
  return {
    /** Starts a session and returns its token; only the token's hash is stored. */
    async issue(userId: string): Promise<string> {
      const token = newSecretToken();
      const now = clock.now();
      await sessions.create({
        id: newId(),
        userId,
        tokenHash: hashToken(token),
        now: now.toISOString(),
        expiresAt: addMs(now, SESSION_LIFETIME_MS).toISOString(),
      });
      return token;
    },

    async resolve(token: string): Promise<AuthUser | undefined> {
      const tokenHash = hashToken(token);
      const row = await sessions.findAccount(tokenHash, clock.now().toISOString());
      if (!row) return undefined;
      return { id: row.id, name: row.name, email: row.email, lastWorkspaceId: row.last_workspace_id, tokenHash };
    },

    revoke: (tokenHash: string) => sessions.revoke(tokenHash),
    revokeAll: (userId: string) => sessions.revokeAll(userId),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
