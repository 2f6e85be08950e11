import { UnauthorizedPage } from '../../features/landing/unauthorized-page';

export { UnauthorizedPage as Component };
