/**
 * The session's life cycle (docs/product.md §4): log in stores user and token and fetches the subscription;
 * log out clears them; at start a stored user is restored and an unparsable one removed. All of it
 * goes through `getStorage()`, so in the desktop app the token follows into (and out of) the keychain.
 * The account's last chosen workspace comes back with the session, before its first request.
 */
import type { LoginResponse, SubscriptionInfo } from '../../../shared/api';
import {
  FREE_SUBSCRIPTION,
  clearSession,
  setRestoring,
  setSession,
  setSubscription,
  useSessionStore,
  type SessionUser,
  type SubscriptionStatus,
} from '../stores/session-store';
import { useWorkspaceStore } from '../stores/workspace-store';
import { apiRequest } from './api-client';
import { getStorage } from './storage';
import { leaveChosenWorkspace, restoreChosenWorkspace } from './workspace/chosen-workspace';

export function toSubscriptionStatus(info: SubscriptionInfo): SubscriptionStatus {
  return {
    subscribed: info.plan !== 'free',
    subscription_tier: info.plan,
    subscription_end: info.expiresAt,
    isActive: info.isActive,
    isToDelete: info.isToDelete,
  };
}

/** Whose plan a request is for: each workspace has its own. */
interface PlanAsker {
  token: string;
  workspaceId: string | null;
}

const currentAsker = (): PlanAsker | null => {
  const { token } = useSessionStore.getState();
  return token ? { token, workspaceId: useWorkspaceStore.getState().workspaceId } : null;
};

const sameAsker = (a: PlanAsker | null, b: PlanAsker | null) =>
  a !== null && b !== null && a.token === b.token && a.workspaceId === b.workspaceId;

async function readSubscription(asker: PlanAsker): Promise<void> {
  let status = FREE_SUBSCRIPTION;
  try {
    const info = await apiRequest<SubscriptionInfo>('/user/subscription', {
      auth: true,
      fallback: 'Failed to fetch subscription status',
    });
    status = toSubscriptionStatus(info);
  } catch {
    // docs/product.md §8: any failure means the free default
  }
  // An answer for a session that ended meanwhile (logout, another login), or for the workspace
  // the owner just left for another, is not the plan on screen.
  if (sameAsker(currentAsker(), asker)) setSubscription(status);
}

/** The request a caller in the same task may share (focus fires every listener in one task). */
let joinable: { asker: PlanAsker; promise: Promise<void> } | null = null;

/**
 * Re-reads the subscription; any failure falls back to the free default (docs/product.md §8). Callers in the
 * same moment (a screen and the desktop app's focus refresh, on one focus event) share one request;
 * a later caller gets a fresh one, so it never sees an answer older than its own call.
 */
export function refreshSubscription(): Promise<void> {
  const asker = currentAsker();
  if (!asker) {
    setSubscription(FREE_SUBSCRIPTION);
    return Promise.resolve();
  }
  if (joinable && sameAsker(joinable.asker, asker)) return joinable.promise;
  const shared = { asker, promise: readSubscription(asker) };
  joinable = shared;
  setTimeout(() => {
    if (joinable === shared) joinable = null;
  }, 0);
  return shared.promise;
}

export function startSession(login: LoginResponse): void {
  const user: SessionUser = { id: login.id, name: login.name, email: login.email };
  const token = `Bearer ${login.token}`;
  const storage = getStorage();
  storage.set('user', JSON.stringify(user));
  storage.set('token', token);
  setSession(user, token);
  restoreChosenWorkspace(user.id);
  void refreshSubscription();
}

/**
 * Logout: the server revokes the token in hand, so a copy of it (another tab, a stolen one) stops
 * working at once instead of at its expiry; the local session ends whatever the server answers
 * (offline, the server gone), the owner is logged out here either way.
 */
export function logOut(): void {
  if (useSessionStore.getState().token) {
    // The request reads the token before its first await, so it goes out with this session's.
    apiRequest('/auth/logout', { method: 'POST', auth: true, fallback: 'Logout failed' }).catch(() => undefined);
  }
  endSession();
}

export function endSession(): void {
  const storage = getStorage();
  storage.remove('user');
  storage.remove('token');
  clearSession();
  leaveChosenWorkspace();
}

/** Keeps the stored user in step with a profile change (a new name or address). */
export function updateStoredUser(user: SessionUser): void {
  const { token } = useSessionStore.getState();
  getStorage().set('user', JSON.stringify(user));
  if (token) setSession(user, token);
}

/** Stores the fresh token a password change returns, as `'Bearer ' + token` (docs/product.md §4). */
export function updateStoredToken(bareToken: string): void {
  const { user } = useSessionStore.getState();
  const token = `Bearer ${bareToken}`;
  getStorage().set('token', token);
  if (user) setSession(user, token);
}

function parseUser(raw: string): SessionUser | null {
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (value && typeof value.id === 'string' && typeof value.name === 'string' && typeof value.email === 'string') {
      return { id: value.id, name: value.name, email: value.email };
    }
  } catch {
    // handled below
  }
  return null;
}

/**
 * Restores a stored session at start, then re-checks the subscription. The desktop app's token is
 * read from the keychain first (`restoring` keeps the Loading state up meanwhile).
 */
export async function restoreSession(): Promise<void> {
  const storage = getStorage();
  if (storage.load) await storage.load();
  const rawUser = storage.get('user');
  const token = storage.get('token');
  if (rawUser) {
    const user = parseUser(rawUser);
    if (!user) storage.remove('user');
    else if (token) {
      setSession(user, token);
      restoreChosenWorkspace(user.id);
      await refreshSubscription();
    }
  }
  setRestoring(false);
}
