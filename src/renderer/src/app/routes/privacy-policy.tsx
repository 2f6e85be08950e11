import { PrivacyPolicyPage } from '../../features/landing/legal/privacy-policy-page';

export { PrivacyPolicyPage as Component };
