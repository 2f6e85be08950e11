import { RequirePermission } from '../../components/require-permission';
import { CheckoutPage } from '../../features/billing/components/checkout-page';

/** `/checkout`: only an owner changes the plan; anyone else is told so before a payment starts. */
export function Component() {
  return (
    <RequirePermission permission="billing.manage" title="Checkout">
      <CheckoutPage />
    </RequirePermission>
  );
}
