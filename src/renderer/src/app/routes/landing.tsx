import { LandingPage } from '../../features/landing/landing-page';

export { LandingPage as Component };
