import { create } from 'zustand';
import type { PlanId } from '../../../shared/plans';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

/** Subscription status on the current user (docs/product.md §3). */
export interface SubscriptionStatus {
  subscribed: boolean;
  subscription_tier: PlanId;
  subscription_end: string | null;
  isActive: boolean;
  isToDelete: boolean;
}

/** docs/product.md §3: the default when the status is unknown or cannot be fetched. */
export const FREE_SUBSCRIPTION: SubscriptionStatus = {
  subscribed: false,
  subscription_tier: 'free',
  subscription_end: null,
  isActive: false,
  isToDelete: false,
};

interface SessionState {
  user: SessionUser | null;
  /** `'Bearer ' + token`, as stored. */
  token: string | null;
  subscription: SubscriptionStatus;
  /** True until the stored session has been read at start. */
  restoring: boolean;
}

export const useSessionStore = create<SessionState>(() => ({
  user: null,
  token: null,
  subscription: FREE_SUBSCRIPTION,
  restoring: true,
}));

export function setSession(user: SessionUser, token: string): void {
  useSessionStore.setState({ user, token });
}

export function setSubscription(subscription: SubscriptionStatus): void {
  useSessionStore.setState({ subscription });
}

export function clearSession(): void {
  useSessionStore.setState({ user: null, token: null, subscription: FREE_SUBSCRIPTION });
}

export function setRestoring(restoring: boolean): void {
  useSessionStore.setState({ restoring });
}
