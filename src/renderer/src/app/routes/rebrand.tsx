import { RebrandPage } from '../../features/early-access/rebrand-page';

export { RebrandPage as Component };
