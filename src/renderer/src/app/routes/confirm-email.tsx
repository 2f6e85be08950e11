import { ConfirmEmailPage } from '../../features/auth/components/confirm-email-page';

export { ConfirmEmailPage as Component };
