import { ContactPage } from '../../features/landing/contact-page';

export { ContactPage as Component };
