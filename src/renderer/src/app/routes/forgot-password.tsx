import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';

export { ForgotPasswordPage as Component };
