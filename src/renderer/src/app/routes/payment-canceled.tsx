import { PaymentCanceledPage } from '../../features/billing/components/payment-canceled-page';

export { PaymentCanceledPage as Component };
