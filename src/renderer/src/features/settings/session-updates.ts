/**
 * Keeps the stored session in step with account changes made here (spec §4): a new name or
 * address, a fresh token after a password change. Storage and the session store change together.
 */
import { getStorage } from '../../lib/storage';
import { setSession, useSessionStore, type SessionUser } from '../../stores/session-store';

export function updateStoredUser(user: SessionUser): void {
  const { token } = useSessionStore.getState();
  getStorage().set('user', JSON.stringify(user));
  if (token) setSession(user, token);
}

/** Stores the bare token the server returned as the spec's `'Bearer ' + token`. */
export function updateStoredToken(bareToken: string): void {
  const { user } = useSessionStore.getState();
  const token = `Bearer ${bareToken}`;
  getStorage().set('token', token);
  if (user) setSession(user, token);
}
