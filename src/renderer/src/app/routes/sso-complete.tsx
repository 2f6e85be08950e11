import { SsoCompletePage } from '../../features/auth/components/sso-complete-page';

export { SsoCompletePage as Component };
