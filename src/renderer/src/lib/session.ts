/**
 * The session's life cycle (spec §4): log in stores user and token and fetches the subscription;
 * log out clears them; at start a stored user is restored and an unparsable one removed.
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
import { apiRequest } from './api-client';
import { getStorage } from './storage';

export function toSubscriptionStatus(info: SubscriptionInfo): SubscriptionStatus {
  return {
    subscribed: info.plan !== 'free',
    subscription_tier: info.plan,
    subscription_end: info.expiresAt,
    isActive: info.isActive,
    isToDelete: info.isToDelete,
  };
}

/** Re-reads the subscription; any failure falls back to the free default (spec §8). */
export async function refreshSubscription(): Promise<void> {
  try {
    const info = await apiRequest<SubscriptionInfo>('/user/subscription', {
      auth: true,
      fallback: 'Failed to fetch subscription status',
    });
    setSubscription(toSubscriptionStatus(info));
  } catch {
    setSubscription(FREE_SUBSCRIPTION);
  }
}

export function startSession(login: LoginResponse): void {
  const user: SessionUser = { id: login.id, name: login.name, email: login.email };
  const token = `Bearer ${login.token}`;
  const storage = getStorage();
  storage.set('user', JSON.stringify(user));
  storage.set('token', token);
  setSession(user, token);
  void refreshSubscription();
}

export function endSession(): void {
  const storage = getStorage();
  storage.remove('user');
  storage.remove('token');
  clearSession();
}

/** Keeps the stored user in step with a profile change (a new name or address). */
export function updateStoredUser(user: SessionUser): void {
  const { token } = useSessionStore.getState();
  getStorage().set('user', JSON.stringify(user));
  if (token) setSession(user, token);
}

/** Stores the fresh token a password change returns, as the spec's `'Bearer ' + token` (§4). */
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

/** Restores a stored session at start, then re-checks the subscription. */
export async function restoreSession(): Promise<void> {
  const storage = getStorage();
  const rawUser = storage.get('user');
  const token = storage.get('token');
  if (rawUser) {
    const user = parseUser(rawUser);
    if (!user) storage.remove('user');
    else if (token) {
      setSession(user, token);
      await refreshSubscription();
    }
  }
  setRestoring(false);
}
