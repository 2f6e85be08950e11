import { NotFoundPage } from '../../features/landing/not-found-page';

export { NotFoundPage as Component };
