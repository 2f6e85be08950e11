import { checkoutHref, paths } from '../../config/paths';
import { getStorage } from '../../lib/storage';

/**
 * Where a fresh login goes when it was not sent here from a protected page: to the checkout of a
 * paid plan chosen before sign-up (`selectedPlan`, docs/product.md §4, used once), else to the dashboard.
 */
export function afterLoginPath(): string {
  const storage = getStorage();
  const plan = storage.getSession('selectedPlan');
  storage.removeSession('selectedPlan');
  return plan === 'pro' || plan === 'premium' ? checkoutHref(plan) : paths.dashboard;
}
