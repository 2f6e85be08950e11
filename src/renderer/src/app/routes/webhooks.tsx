export { WebhooksPage as Component } from '../../features/webhooks/components/webhooks-page';
