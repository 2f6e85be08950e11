import { EmailConfirmationPage } from '../../features/auth/components/email-confirmation-page';

export { EmailConfirmationPage as Component };
