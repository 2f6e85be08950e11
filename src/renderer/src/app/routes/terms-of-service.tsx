import { TermsOfServicePage } from '../../features/landing/legal/terms-of-service-page';

export { TermsOfServicePage as Component };
