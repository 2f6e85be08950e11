/**
 * The other side of mail-sender-warning.spec.ts: with MAIL_FROM at a real domain, the dashboard
 * shows no warning (its own file: the server's environment is per worker).
 */
import { createOwner } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, signInAs, test, uniqueEmail } from './fixtures';

test.use({ serverEnv: { MAIL_FROM: 'Acme <hello@acme.example>' } });

test('with a real sender address, the owner sees no warning', async ({ page, tellbox }) => {
  await acceptCookiesUpFront(page);
  const owner = await createOwner(tellbox.server, tellbox.api, { email: uniqueEmail('owner') });
  await signInAs(page, owner);
  const responded = page.waitForResponse((response) => response.url().includes('/api/server/mail-sender'));
  await page.goto(`${tellbox.server.url}/dashboard`);
  expect(await (await responded).json()).toEqual({ address: 'hello@acme.example', local: false });
  await expect(page.getByRole('heading', { name: 'Recent Feedback' })).toBeVisible();
  await expect(page.getByText('Tellbox sends e-mail from')).toHaveCount(0);
});
