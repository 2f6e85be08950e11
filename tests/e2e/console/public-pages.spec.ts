/** Every public route shows its texts (docs/product.md §2). */
import { acceptCookiesUpFront, expect, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('the landing page has its navigation, hero and sections in order', async ({ page, open }) => {
  await open('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Play Demo' })).toHaveAttribute('href', '#demo');

  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'How it works',
    'Features',
    'Live demo',
    'Pricing',
    'Frequently asked questions',
    'Ready to hear from your visitors?',
  ]);
  for (const step of ['Install', 'Collect', 'Analyze', 'Update']) {
    await expect(page.getByRole('heading', { level: 3, name: step, exact: true })).toBeVisible();
  }
  await expect(page.locator('#features article')).toHaveCount(6);
  await expect(page.locator('#faq').getByRole('button', { expanded: false })).toHaveCount(7);
  await expect(page.getByText('The widget is under 20KB')).toBeHidden();
  await page.getByText('Will the widget slow down my site?').click();
  await expect(page.getByText('The widget is under 20KB')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the pricing section shows every plan from the plan table', async ({ page, open }) => {
  await open('/');
  const pricing = page.locator('#pricing');
  await expect(pricing.getByRole('article')).toHaveCount(3);
  const pro = pricing.getByRole('article', { name: 'Pro' });
  await expect(pro.getByText('Most Popular')).toBeVisible();
  await expect(pro.getByText('$7.99')).toBeVisible();
  await expect(pro.getByText('Up to 5 widgets')).toBeVisible();
  await expect(pro.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  await expect(
    pricing.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Get Started Free' }),
  ).toBeVisible();
  await expect(pricing.getByText('Your Plan')).toHaveCount(0);
});

test('choosing a paid plan while logged out goes to sign-up and remembers the plan', async ({ page, open }) => {
  await open('/');
  await page
    .locator('#pricing')
    .getByRole('article', { name: 'Premium' })
    .getByRole('button', { name: 'Sign Up' })
    .click();
  await expect(page).toHaveURL(/\/signup\?plan=premium$/);
  expect(await page.evaluate(() => window.sessionStorage.getItem('selectedPlan'))).toBe('premium');
  await expect(page.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
});

test('the free plan while logged out goes to login', async ({ page, open }) => {
  await open('/');
  await page.getByRole('button', { name: 'Get Started Free' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

const STATIC_PAGES: { path: string; texts: string[]; links: string[] }[] = [
  {
    path: '/email-confirmation',
    texts: ['Please check your inbox and your spam folder.'],
    links: ['Back to Login'],
  },
  {
    path: '/privacy-policy',
    texts: [
      'Privacy Policy',
      'Last updated: July 2025',
      'Data we collect',
      'How we use it',
      'Sharing',
      'Anonymous feedback',
      'Security',
      'Your rights',
    ],
    links: ['Back to Home'],
  },
  {
    path: '/terms-of-service',
    texts: [
      'Terms of Service',
      'Last updated: July 2025',
      'Accounts',
      'Usage limits and billing',
      'cancel any time',
      'Acceptable use',
      'Availability',
      'Limitation of liability',
    ],
    links: ['Back to Home'],
  },
  { path: '/contact', texts: ['We reply within 24 hours.', 'support@tellbox.app'], links: ['Back to Home'] },
  { path: '/unauthorized', texts: ['Access Denied', 'You must be logged in'], links: ['Login', 'Go Home'] },
  { path: '/no/such/page', texts: ['Oops! Page not found'], links: ['Return to Home'] },
];

for (const { path, texts, links } of STATIC_PAGES) {
  test(`${path} shows its texts and links`, async ({ page, open }) => {
    await open(path);
    for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
    for (const name of links) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  });
}

test('the 404 page links home', async ({ page, open }) => {
  await open('/nowhere');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Start Free Trial' }).first()).toBeVisible();
});

test('every page has the teal favicon and a title of its own', async ({ page, open, tellbox }) => {
  await open('/');
  await expect(page).toHaveTitle('Tellbox');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBe('/favicon.svg');
  const icon = await tellbox.api.get(href ?? '');
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  expect(icon.text).toContain('#0f766e');

  for (const [path, title] of [
    ['/login', 'Log in · Tellbox'],
    ['/privacy-policy', 'Privacy Policy · Tellbox'],
    ['/no-such-page', 'Page not found · Tellbox'],
  ] as const) {
    await open(path);
    await expect(page).toHaveTitle(title);
  }
  // A deep path still finds the icon: its address is absolute.
  await open('/a/b/c');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
});
