/**
 * What an owner does with their plan (docs/product.md §4, docs/plans-and-billing.md, "Billing"):
 * start a checkout, cancel at the end of the period, reactivate, change plan, refresh the status.
 * The provider (Stripe or test mode) does the billing; this service applies what it reports, the
 * same way for both.
 */
import type { PlanChangePreview, SubscriptionInfo } from '../../../src/shared/api';
import type { PlanId, PlanTable } from '../../../src/shared/plans';
import type { PaidPlanId } from '../../../src/shared/schemas';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import { isTestSubscription, subscriptionInfo } from '../plans/plans.service';
import type { BillingProvider, SubscriptionChange } from './billing-provider';
import type { BillingAccount, BillingDb, BillingRepo } from '../plans/plans.service';
import type { SubscriptionState } from '../plans/plans.service';
import { NO_SUBSCRIPTION, TEST_CHECKOUT_TTL_MS, startedTestSubscription } from './test-mode-billing';

export const SUBSCRIPTION_MESSAGES = {
  alreadySubscribed: 'You already have a subscription. Change or reactivate your plan from the settings instead.',
  checkoutNotFound: 'This checkout session does not exist or has expired.',
  accountNotFound: 'Account not found.',
  cancelFailed: 'We could not cancel your subscription. Please try again.',
} as const;

/** The 400 of a preview of the plan the account is on already (and not cancelled). */
export const alreadyOnPlanMessage = (planName: string) =>
  `You are on the ${planName} plan already. Choose another plan to see what it costs.`;

type ProviderRead = (account: BillingAccount) => Promise<SubscriptionState | null>;

export function createSubscriptionsService(deps: {
  billing: BillingRepo;
  provider: BillingProvider;
  clock: Clock;
  publicUrl: string;
  plans: PlanTable;
  onPlanChanged: (userId: string) => void;
}) {
  const { billing, provider, clock, publicUrl, plans, onPlanChanged } = deps;

  async function accountOf(workspace: Pick<WorkspaceAccess, 'id'>): Promise<BillingAccount> {
    const account = await billing.account(workspace.id);
    if (!account) throw notFound(SUBSCRIPTION_MESSAGES.accountNotFound);
    return account;
  }

  async function infoOf(userId: string): Promise<SubscriptionInfo> {
    return subscriptionInfo(await accountOf({ id: userId }), clock.now(), provider.mode);
  }

  /**
   * Reads the subscription from the provider (`read`) and writes what it reports, unless a read
   * that started later was written meanwhile (a webhook): then that newer state stays. Returns
   * whether it wrote.
   */
  async function readAndWrite(db: BillingDb | undefined, userId: string, read: ProviderRead): Promise<boolean> {
    const ticket = await billing.takeReadTicket(userId, db);
    const account = await billing.account(userId, db);
    if (ticket === undefined || !account) throw notFound(SUBSCRIPTION_MESSAGES.accountNotFound);
    const state = await read(account);
    if (!state) return false;
    return billing.applyState(db, userId, state, { ticket, now: clock.now().toISOString() });
  }

  async function readAndApply(workspace: Pick<WorkspaceAccess, 'id'>, read: ProviderRead): Promise<SubscriptionInfo> {
    // Test mode reads nothing but this account's row: read and write it in one transaction that
    // locks the row. Stripe is read over the network, outside any transaction; tickets order it.
    const wrote =
      provider.mode === 'test'
        ? await billing.transact((trx) => readAndWrite(trx, workspace.id, read))
        : await readAndWrite(undefined, workspace.id, read);
    if (wrote) onPlanChanged(workspace.id);
    return infoOf(workspace.id);
  }

  const change = (workspace: WorkspaceAccess, request: SubscriptionChange) =>
    readAndApply(workspace, (account) => provider.updateSubscription(account, request));

  /** Re-reads the subscription from the provider and applies it. */
  const refresh = (workspace: WorkspaceAccess) =>
    readAndApply(workspace, (account) => provider.fetchSubscription(account));

  /**
   * True when the account pays through this server's billing already. A test-mode plan under
   * Stripe does not count: nothing bills it, and its owner may buy a real plan at any time.
   */
  function alreadySubscribed(account: BillingAccount): boolean {
    if (provider.mode === 'stripe' && isTestSubscription(account.subscriptionId)) return false;
    return subscriptionInfo(account, clock.now(), provider.mode).isActive;
  }

  return {
    /**
     * `GET /api/user/subscription`. Stripe's state arrives by webhook; a test-mode subscription
     * renews by itself, so its period is brought up to date on read.
     */
    async status(workspace: WorkspaceAccess): Promise<SubscriptionInfo> {
      if (provider.mode === 'stripe') return infoOf(workspace.id);
      return refresh(workspace);
    },

    /** A checkout for a paid plan; an account that already pays changes its plan instead. */
    async checkout(workspace: WorkspaceAccess, plan: PaidPlanId): Promise<{ url: string }> {
      const account = await accountOf(workspace);
      if (alreadySubscribed(account)) throw new AppError(409, SUBSCRIPTION_MESSAGES.alreadySubscribed);
      return { url: await provider.createCheckout(account, plan) };
    },

    /** Cancels at the end of the period: the plan stays usable until then (`isToDelete`). */
    cancel: (workspace: WorkspaceAccess) => change(workspace, { cancelAtPeriodEnd: true }),

    /** Undoes a cancellation before the period ends. */
    reactivate: (workspace: WorkspaceAccess) => change(workspace, { cancelAtPeriodEnd: false }),

    /**
     * "Change to {plan}": another paid plan now, prorated (and no longer cancelled); `free` at the
     * end of the period, which is a cancellation.
     */
    changePlan(workspace: WorkspaceAccess, plan: PlanId): Promise<SubscriptionInfo> {
      if (plan === 'free') return change(workspace, { cancelAtPeriodEnd: true });
      return change(workspace, { cancelAtPeriodEnd: false, plan });
    },

    /**
     * What `changePlan(plan)` (or, for the cancelled current plan, `reactivate`) would charge and
     * when, changing nothing: the console's confirmation shows it before the owner confirms.
     */
    async preview(workspace: WorkspaceAccess, plan: PlanId): Promise<PlanChangePreview> {
      const account = await accountOf(workspace);
      const info = subscriptionInfo(account, clock.now(), provider.mode);
      if (!info.isActive) throw conflict(NO_SUBSCRIPTION);
      if (plan === info.plan && !info.isToDelete) throw badRequest(alreadyOnPlanMessage(plans[plan].name));
      if (plan !== 'free') return provider.previewChange(account, plan);
      // Free is a cancellation: nothing more is charged, and the paid plan runs to the period's end.
      return {
        plan,
        currency: plans[info.plan].currency,
        amountDue: 0,
        chargedAt: null,
        effectiveAt: info.expiresAt,
        lines: [],
        testMode: provider.mode === 'test',
      };
    },

    /** Re-reads the subscription from the provider ("refresh subscription status"). */
    refresh,

    /** Ends a paid subscription before its account is deleted; a failure stops the deletion. */
    async cancelBeforeDeletion(userId: string) {
      const account = await billing.account(userId);
      if (!account) return;
      try {
        await provider.cancelNow(account);
      } catch (error) {
        // The provider failed (and logged why): say what that means for the deletion.
        const providerFailed = error instanceof AppError && error.status === 502;
        throw providerFailed ? new AppError(502, SUBSCRIPTION_MESSAGES.cancelFailed) : error;
      }
    },

    /** A test-mode checkout session that can still be confirmed (open, under 24 h old), if any. */
    async openTestCheckout(sessionId: string) {
      const session = provider.mode === 'test' ? await billing.checkout(sessionId) : undefined;
      const fresh = session && clock.now().getTime() - Date.parse(session.created_at) <= TEST_CHECKOUT_TTL_MS;
      return session?.status === 'open' && fresh ? session : undefined;
    },

    /** Test mode's "Confirm": starts the subscription, once; returns where the browser goes next. */
    async completeTestCheckout(sessionId: string): Promise<{ url: string }> {
      const session = provider.mode === 'test' ? await billing.checkout(sessionId) : undefined;
      const now = clock.now();
      const expired = session && now.getTime() - Date.parse(session.created_at) > TEST_CHECKOUT_TTL_MS;
      if (!session || (session.status === 'open' && expired)) throw notFound(SUBSCRIPTION_MESSAGES.checkoutNotFound);
      await billing.transact(async (trx) => {
        if (!(await billing.completeCheckout(trx, session.id, now.toISOString()))) return;
        const ticket = await billing.takeReadTicket(session.workspace_id, trx);
        if (ticket === undefined) return;
        const state = startedTestSubscription(session.workspace_id, session.plan as PaidPlanId, now);
        await billing.applyState(trx, session.workspace_id, state, { ticket, now: now.toISOString() });
      });
      onPlanChanged(session.workspace_id);
      return { url: `${publicUrl}/payment-success?session_id=${encodeURIComponent(session.id)}` };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
