/**
 * The test of the screens' checks and screenshots: the console's, with the account each screen is
 * shown on. The realistic account is made once per worker and shared by its owner screens, which
 * only read it (a dialog opened, a row ticked, a form typed in is never saved).
 */
import { createOwner, type TestOwner } from '../../../helpers/factories';
import { signInAs, test, uniqueEmail } from '../fixtures';
import { seedRealisticAccount } from './realistic-data';
import type { Screen } from './screen-catalogue';

/** A long name, as some owners have. */
const OWNER_NAME = 'Maximiliane Alexandra von Hohenzollern';

export interface ScreenFixtures {
  /**
   * Logs in the account `screen` is shown on: none for a public page; for an owner screen a Pro
   * owner with a long name and the realistic data, or a fresh one if the screen shows a new account.
   */
  signInFor: (screen: Screen) => Promise<void>;
}

export const screenTest = test.extend<ScreenFixtures, { realisticOwner: TestOwner }>({
  realisticOwner: [
    async ({ tellbox }, use) => {
      const owner = await createOwner(tellbox.server, tellbox.api, {
        plan: 'pro',
        name: OWNER_NAME,
        email: uniqueEmail('realistic'),
      });
      await seedRealisticAccount(tellbox, owner);
      await use(owner);
    },
    { scope: 'worker' },
  ],
  signInFor: async ({ page, signIn, realisticOwner }, use) => {
    await use(async (screen) => {
      if (!screen.owner) return;
      if (screen.newAccount) await signIn({ plan: screen.plan ?? 'pro', name: OWNER_NAME });
      else await signInAs(page, realisticOwner);
    });
  },
});
