/** The Support Center (docs/product.md §2): a searchable FAQ accordion and the e-mail support box. */
import { acceptCookiesUpFront, expect, expectNoHorizontalScroll, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('search filters the FAQ, shows the empty state, and clearing brings every question back', async ({
  page,
  open,
  signIn,
}) => {
  await signIn();
  await open('/support');
  await expect(page.getByRole('heading', { name: 'Support Center', level: 1 })).toBeVisible();
  const questions = page.getByRole('tab');
  const all = await questions.count();
  expect(all).toBeGreaterThan(5);

  const search = page.getByLabel('Search FAQs');
  await search.fill('password');
  await expect(questions).toHaveText(['How do I change my password or delete my account?']);

  // Answers are searched too, ignoring case: "prorated" is in one answer and no question.
  await search.fill('PRORATED');
  await expect(questions).toHaveText(['How do I upgrade, change or cancel my plan?']);

  await search.fill('no such topic anywhere');
  await expect(page.getByText('No FAQs found matching your search')).toBeVisible();
  await expect(questions).toHaveCount(0);

  await search.fill('');
  await expect(questions).toHaveCount(all);
});

test('one answer is open at a time, it closes again, and the keyboard works', async ({ page, open, signIn }) => {
  await signIn();
  await open('/support');
  const install = page.getByRole('tab', { name: 'How do I install the widget on my site?' });
  const data = page.getByRole('tab', { name: 'What happens to my data if I cancel?' });

  await install.click();
  await expect(install).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Open My Widgets, create a widget')).toBeVisible();

  await data.click();
  await expect(data).toHaveAttribute('aria-expanded', 'true');
  await expect(install).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Your data stays accessible for 30 days after cancellation.')).toBeVisible();

  await data.click();
  await expect(data).toHaveAttribute('aria-expanded', 'false');

  await install.focus();
  await page.keyboard.press('Enter');
  await expect(install).toHaveAttribute('aria-expanded', 'true');
});

test('the FAQ states the plan limits of the plan table', async ({ page, open, signIn }) => {
  await signIn();
  await open('/support');
  await page.getByRole('tab', { name: 'How many widgets can I create?' }).click();
  await expect(page.getByText('It depends on your plan: Free 1, Pro 5 and Premium unlimited.')).toBeVisible();
});

test('e-mail support names the address and the reply time', async ({ page, open, signIn }) => {
  await signIn();
  await open('/support');
  await expect(page.getByRole('heading', { name: 'Email Support' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@tellbox.app' })).toHaveAttribute(
    'href',
    'mailto:support@tellbox.app',
  );
  await expect(page.getByText('We reply within 24 hours.')).toBeVisible();
});

test('the Support Center fits 375 px and 1440 px without sideways scrolling', async ({ page, open, signIn }) => {
  await signIn();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await open('/support');
    await page.getByRole('tab').first().click();
    await expect(page.getByRole('heading', { name: 'Support Center' })).toBeVisible();
    await expectNoHorizontalScroll(page, `/support at ${width}px`);
  }
});
