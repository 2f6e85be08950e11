export { SecuritySection as Component } from '../../features/settings/components/security-section';
