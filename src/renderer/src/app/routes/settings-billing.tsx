export { BillingSection as Component } from '../../features/settings/components/billing-section';
