export { AlertsSection as Component } from '../../features/notifications/components/alerts-section';
