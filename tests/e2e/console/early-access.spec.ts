/** The early-access screen on /rebrand (docs/product.md §2, §4, §5; docs/product.md, "Every screen"). */
import { acceptCookiesUpFront, expect, expectToast, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('bad input shows the Italian messages', async ({ page, open }) => {
  await open('/rebrand');
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('placeholder', 'name@example.com');
  await page.getByRole('button', { name: 'Join Now!' }).click();
  await expect(page.getByText("Inserisci un'email valida")).toBeVisible();

  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Join Now!' }).click();
  await expect(page.getByText("Inserisci un'email valida")).toBeVisible();

  await email.fill(`${'a'.repeat(250)}@example.com`);
  await page.getByRole('button', { name: 'Join Now!' }).click();
  await expect(page.getByText('Email troppo lunga')).toBeVisible();
});

test('a valid address is registered and the form becomes the thanks text', async ({ page, open }) => {
  await open('/rebrand');
  await expect(page.getByText('Expected launch: December.')).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('early'));
  await page.getByRole('button', { name: 'Join Now!' }).click();
  await expectToast(page, 'Email registered!', 'We will contact you as soon as the new site is online.');
  await expect(page.getByText("Thanks! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByRole('form', { name: 'Early access' })).toHaveCount(0);
});

test('the button reads Sending... while the request is in flight', async ({ page, open }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/public/rebrand-submit', async (route) => {
    await held;
    await route.continue();
  });
  await open('/rebrand');
  await page.getByLabel('Email').fill(uniqueEmail('slow'));
  await page.getByRole('button', { name: 'Join Now!' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  await expect(page.getByText("Thanks! We'll get back to you soon.")).toBeVisible();
});

test('a server failure keeps the form and shows the error toast', async ({ page, open }) => {
  await page.route('**/api/public/rebrand-submit', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await open('/rebrand');
  await page.getByLabel('Email').fill(uniqueEmail('fail'));
  await page.getByRole('button', { name: 'Join Now!' }).click();
  await expectToast(page, 'Error', 'Something went wrong. Try again later.');
  await expect(page.getByRole('button', { name: 'Join Now!' })).toBeEnabled();
});
