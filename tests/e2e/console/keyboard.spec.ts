/** Everything a visitor does on the public side works by keyboard alone. */
import { acceptCookiesUpFront, expect, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('the login form: tab between the fields and submit with Enter', async ({ page, open }) => {
  await open('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').focus();
  await page.keyboard.type(uniqueEmail('keys'));
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Password')).toBeFocused();
  await page.keyboard.type('secret123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Login failed Please check your credentials and try again.',
  );
});

test('a plan is chosen with the keyboard', async ({ page, open }) => {
  await open('/');
  await page.locator('#pricing').getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Sign Up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signup\?plan=pro$/);
  await expect(page.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
});

test('the FAQ opens with the keyboard', async ({ page, open }) => {
  await open('/');
  const question = page.locator('#faq').getByRole('button', { name: /What happens when I reach my plan limits/ });
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('kept but hidden, never deleted')).toBeVisible();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
});
