import { PaymentSuccessPage } from '../../features/billing/components/payment-success-page';

export { PaymentSuccessPage as Component };
