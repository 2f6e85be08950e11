import { LoginPage } from '../../features/auth/components/login-page';

export { LoginPage as Component };
