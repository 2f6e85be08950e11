import { CheckoutPage } from '../../features/billing/components/checkout-page';

export { CheckoutPage as Component };
