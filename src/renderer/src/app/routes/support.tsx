import { SupportPage } from '../../features/support/components/support-page';

export { SupportPage as Component };
